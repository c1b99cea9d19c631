# cards-a-wu_flyers.gp: wu_flyers: each card's win rate when in hand (GIH WR).
# Written by `mtgsim plot` from results/example/report.json; edit it and run `gnuplot cards-a-wu_flyers.gp`
# in this folder to draw cards-a-wu_flyers.png and cards-a-wu_flyers.svg again (in a UTF-8 locale: without one,
# LC_ALL=C.UTF-8 gnuplot cards-a-wu_flyers.gp).
reset
set encoding utf8
set datafile missing "NaN"
set border 3 lw 1 lc rgb "#555555"
set tics nomirror out textcolor rgb "#333333"
set title font ",14"
set style textbox opaque noborder margins 1,0.5
set title "wu_flyers: win rate when the card was in hand (GIH WR)\n10000 games · bars from the deck's win rate: blue above, orange below · 95 % CI"
set xlabel "GIH win rate (%)"
set xrange [47:65.7292]
set xtics 48,2,60
set grid xtics lc rgb "#e5e5e5" lt 1
set border 3
set yrange [0.3:13.9]
set ytics scale 0 font ",11" ("Assault Griffin" 1, "Snapping Drake" 2, "Wild Griffin" 3, "Wind Drake" 4, "Griffin Sentinel" 5, "Skyhunter Patrol" 6, "Cloud Crusader" 7, "Plains" 8, "Air Elemental" 9, "Island" 10, "Stormfront Pegasus" 11, "Serra Angel" 12)
set style fill solid 0.9 noborder
set key off
BASE = 54.5000
set arrow 2 from first BASE, graph 0 to first BASE, first 12.6 nohead dt 2 lw 2 lc rgb "#c0392b" front
set label 2 sprintf("deck's win rate %.1f %%", BASE) at first BASE, first 13 center font ",10" tc rgb "#c0392b" front
W = 1000; H = 462
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size W,H font "DejaVu Sans,11" noenhanced background rgb "white"
    } else {
        set terminal svg size W,H dynamic font "DejaVu Sans,11" noenhanced background rgb "white"
    }
    set output "cards-a-wu_flyers.".fmt
    plot "cards-a-wu_flyers.dat" using (($2+BASE)/2):1:($2<BASE?$2:BASE):($2<BASE?BASE:$2):($1-0.36):($1+0.36):6 with boxxyerror lc rgb variable notitle, \
         "cards-a-wu_flyers.dat" using 3:1:($4-$3):(0) with vectors heads size screen 0.005,90 lc rgb "#222222" lw 1 notitle, \
         "cards-a-wu_flyers.dat" using 7:1:8 with labels boxed left offset 0.6,0 font ",9" tc rgb "#333333" notitle
    set output
}
