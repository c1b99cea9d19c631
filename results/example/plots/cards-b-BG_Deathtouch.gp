# cards-b-BG_Deathtouch.gp: BG Deathtouch: each card's win rate when in hand (GIH WR).
# Written by `mtgsim plot` from results/example/report.json; edit it and run `gnuplot cards-b-BG_Deathtouch.gp`
# in this folder to draw cards-b-BG_Deathtouch.png and cards-b-BG_Deathtouch.svg again (in a UTF-8 locale: without one,
# LC_ALL=C.UTF-8 gnuplot cards-b-BG_Deathtouch.gp).
reset
set encoding utf8
set datafile missing "NaN"
set border 3 lw 1 lc rgb "#555555"
set tics nomirror out textcolor rgb "#333333"
set title font ",14"
set style textbox opaque noborder margins 1,0.5
set title "BG Deathtouch: win rate when the card was in hand (GIH WR)\n10000 games · bars from the deck's win rate: blue above, orange below · 95 % CI"
set xlabel "GIH win rate (%)"
set xrange [40:56.9573]
set xtics 40,2,52
set grid xtics lc rgb "#e5e5e5" lt 1
set border 3
set yrange [0.3:12.9]
set ytics scale 0 font ",11" ("Nether Horror" 1, "Mass of Ghouls" 2, "Barony Vampire" 3, "Forest" 4, "Swamp" 5, "Kelinore Bat" 6, "Centaur Courser" 7, "Deadly Recluse" 8, "Child of Night" 9, "Greater Basilisk" 10, "Giant Spider" 11)
set style fill solid 0.9 noborder
set key off
BASE = 45.5000
set arrow 2 from first BASE, graph 0 to first BASE, first 11.6 nohead dt 2 lw 2 lc rgb "#c0392b" front
set label 2 sprintf("deck's win rate %.1f %%", BASE) at first BASE, first 12 center font ",10" tc rgb "#c0392b" front
W = 1000; H = 436
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size W,H font "DejaVu Sans,11" noenhanced background rgb "white"
    } else {
        set terminal svg size W,H dynamic font "DejaVu Sans,11" noenhanced background rgb "white"
    }
    set output "cards-b-BG_Deathtouch.".fmt
    plot "cards-b-BG_Deathtouch.dat" using (($2+BASE)/2):1:($2<BASE?$2:BASE):($2<BASE?BASE:$2):($1-0.36):($1+0.36):6 with boxxyerror lc rgb variable notitle, \
         "cards-b-BG_Deathtouch.dat" using 3:1:($4-$3):(0) with vectors heads size screen 0.005,90 lc rgb "#222222" lw 1 notitle, \
         "cards-b-BG_Deathtouch.dat" using 7:1:8 with labels boxed left offset 0.6,0 font ",9" tc rgb "#333333" notitle
    set output
}
