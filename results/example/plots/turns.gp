# turns.gp: the histogram of game length.
# Written by `mtgsim plot` from results/example/report.json; edit it and run `gnuplot turns.gp`
# in this folder to draw turns.png and turns.svg again (in a UTF-8 locale: without one,
# LC_ALL=C.UTF-8 gnuplot turns.gp).
reset
set encoding utf8
set datafile missing "NaN"
set border 3 lw 1 lc rgb "#555555"
set tics nomirror out textcolor rgb "#333333"
set title font ",14"
set style textbox opaque noborder margins 1,0.5
set title "Game length: mean 17.5, median 16 turns\n10000 games, seed 20111001, edition 2011"
set xlabel "turns played (each player's turn counts)"
set ylabel "games (%)"
set grid ytics lc rgb "#e5e5e5" lt 1
set style fill solid 0.9 noborder
set boxwidth 0.85
set key off
set yrange [0:18]
set xrange [10.1:63.9]
set xtics 5
set arrow 1 from first 17.4984, graph 0 to first 17.4984, graph 1 nohead dt 2 lw 2 lc rgb "#c0392b" front
set label 1 "mean 17.5" at first 17.4984, graph 0.96 left offset 0.6,0 font ",10" tc rgb "#c0392b" front
set arrow 2 from first 16, graph 0 to first 16, graph 1 nohead dt 3 lw 2 lc rgb "#333333" front
set label 2 "median 16" at first 16, graph 0.96 right offset -0.6,0 font ",10" tc rgb "#333333" front
W = 1100; H = 520
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size W,H font "DejaVu Sans,11" noenhanced background rgb "white"
    } else {
        set terminal svg size W,H dynamic font "DejaVu Sans,11" noenhanced background rgb "white"
    }
    set output "turns.".fmt
    plot "turns.dat" using 1:3 with boxes lc rgb "#2e86c1" notitle
    set output
}
