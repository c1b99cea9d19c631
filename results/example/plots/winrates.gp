# winrates.gp: win rates with 95 % intervals.
# Written by `mtgsim plot` from results/example/report.json; edit it and run `gnuplot winrates.gp`
# in this folder to draw winrates.png and winrates.svg again (in a UTF-8 locale: without one,
# LC_ALL=C.UTF-8 gnuplot winrates.gp).
reset
set encoding utf8
set datafile missing "NaN"
set border 3 lw 1 lc rgb "#555555"
set tics nomirror out textcolor rgb "#333333"
set title font ",14"
set style textbox opaque noborder margins 1,0.5
set title "wu_flyers vs BG Deathtouch: win rates\n10000 games, seed 20111001, edition 2011; whiskers: 95 % Wilson intervals"
set ylabel "win rate (%)"
set yrange [0:112]
set ytics 0,10,100
set grid ytics lc rgb "#e5e5e5" lt 1
set xrange [0:8]
set xtics scale 0 font ",12" ("wu_flyers" 2, "BG Deathtouch" 6)
set bmargin 3
set style fill solid 0.9 noborder
set key top right horizontal samplen 1.5 font ",10"
set arrow 1 from graph 0, first 50 to graph 1, first 50 nohead dt 2 lw 1.5 lc rgb "#222222" back
set label 1 "50 %" at graph 0.005, first 52 left font ",9" tc rgb "#444444" front
set boxwidth 0.8
W = 900; H = 560
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size W,H font "DejaVu Sans,11" noenhanced background rgb "white"
    } else {
        set terminal svg size W,H dynamic font "DejaVu Sans,11" noenhanced background rgb "white"
    }
    set output "winrates.".fmt
    plot "winrates.dat" index 0 using 1:2 with boxes lc rgb "#7f8c8d" title "overall", \
         "winrates.dat" index 1 using 1:2 with boxes lc rgb "#2e86c1" title "on the play", \
         "winrates.dat" index 2 using 1:2 with boxes lc rgb "#e67e22" title "on the draw", \
         for [i=0:2] "winrates.dat" index i using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lc rgb "black" lw 1.2 notitle, \
         for [i=0:2] "winrates.dat" index i using 1:($4+1.5):(sprintf("%.1f", $2)) with labels boxed center offset 0,0.4 font ",9" tc rgb "#222222" notitle
    set output
}
