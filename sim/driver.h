/* driver.h: plays one game of a match from (seed, game index) alone.
 *
 * Games come in seat-swapped pairs: games 2k and 2k+1 draw each deck's
 * library from the same shuffle stream and swap who starts, which cancels
 * most of the luck of the draw in a comparison. Nothing here depends on the
 * thread that runs it. */
#ifndef MTG_DRIVER_H
#define MTG_DRIVER_H

#include <stdint.h>
#include "engine/policy.h"

typedef struct MatchSpec {
    CardPool pool;              /* the card definitions */
    const Deck *deck[2];        /* deck A, deck B */
    const Policy *policy[2];    /* each deck's policy */
    int edition;                /* Edition */
    int turn_cap;               /* 0: the default */
    uint64_t seed;              /* master seed */
    int pairs;                  /* seat-swapped pairs (default on) */
    const uint64_t *play[2];    /* each deck's play table (game_play_table), or NULL:
                                   driver_play then makes it for each game (batch_run
                                   makes both once for all its games) */
    int text;                   /* 0, or game_text of the decks: 1 + GameState.spells (Game.text:
                                   batch_run finds it once for all its games) */
    uint64_t trig_absent;       /* with text: ~game_triggers of the decks (Game.trig_absent), found
                                   with it; 0: every kind of trigger is scanned for */
} MatchSpec;

typedef struct GameResult {
    int winner;        /* 0 deck A, 1 deck B, 2 draw */
    int starter;       /* deck that took the first turn */
    int turns;         /* turns played */
    int end_reason;    /* EndReason */
    int life[2];       /* final life of deck A, deck B */
    int poison[2];     /* final poison counters */
    int mulligans[2];  /* mulligans taken by deck A, deck B */
    int error;         /* MtgError if the game ended in END_ERROR */
    int check_failed;  /* debug builds: state_check failures seen (a bug) */
} GameResult;

/* The seat of deck A and deck B in game `index`: seat 0 starts, and deck B
 * has it in odd games. */
static inline void driver_seats(uint64_t index, int seat_of_deck[2])
{
    seat_of_deck[0] = (int)(index & 1);
    seat_of_deck[1] = 1 - seat_of_deck[0];
}

/* Plays game `index` of the match. on_event[type] (EV_COUNT entries, each
 * possibly NULL; or on_event NULL) observes the events of each type, with
 * ctx; events name seats, see driver_seats. */
void driver_play(const MatchSpec *m, uint64_t index, GameResult *r, const EventFn *on_event, void *ctx);

#endif
