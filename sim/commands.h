/* commands.h: the mtgsim subcommands, one file each under sim/.
 * Each takes the arguments after its name and returns the exit status:
 * 0 success, 1 a check failed, 2 bad input or usage (message on stderr). */
#ifndef MTG_COMMANDS_H
#define MTG_COMMANDS_H

int cmd_cards(int argc, char **argv);     /* sim/cmd_cards.c */
int cmd_scenario(int argc, char **argv);  /* sim/scenario.c */
int cmd_run(int argc, char **argv);       /* sim/cmd_run.c */
/* utf8: the user's locale takes UTF-8 (sim/charset.h), else plain ASCII. */
int cmd_trace(int argc, char **argv, int utf8);  /* sim/cmd_trace.c */
int cmd_plot(int argc, char **argv, int utf8);   /* sim/cmd_plot.c */
int cmd_gauntlet(int argc, char **argv);  /* sim/cmd_gauntlet.c */
int cmd_tournament(int argc, char **argv);/* sim/cmd_tournament.c */
int cmd_tune(int argc, char **argv);      /* sim/cmd_tune.c */
int cmd_bench(int argc, char **argv);     /* bench/bench.c */

#endif
