/* stats.h: what a batch of games tallies, as integers, per thread.
 *
 * An Observer watches one game's events and adds them to its thread's
 * Tally; tallies of all threads are summed at the end (in any order: the sum
 * of integers is the same), so a report does not depend on the threads.
 * Memory is fixed by the decks, never by the number of games. */
#ifndef MTG_STATS_H
#define MTG_STATS_H

#include "driver.h"

#define TURN_HIST 101          /* game lengths 0..99 turns, and 100 or more */

/* How a card was seen in a game (bits): in the opening hand (after
 * mulligans), drawn after it; 0: never in hand. */
enum { SEEN_OPENING = 1, SEEN_DRAWN = 2 };

typedef struct CardTally {
    /* The games by whether the card's deck won (1) or not (0) and how the
     * card was seen (SEEN_* bits): one count a game for each card, which
     * card_seen sums into the figures reported. */
    long seen[2][4];
    long cast;                 /* spells of it cast (creatures, instants, ... alike) */
    long attacked, blocked;    /* times it attacked / blocked */
    long damage;               /* combat damage it dealt */
    long kills;                /* creatures that died of combat damage after it dealt them some */
    long deaths;               /* times it was put into a graveyard from the battlefield */
    /* Its spells and abilities (games with rules text; see results/README.md): */
    long activated;            /* activated abilities of it put on the stack (not mana abilities) */
    long destroyed;            /* creatures it destroyed, or that died of its noncombat damage */
    long spell_dmg_players;    /* noncombat damage it dealt to players */
    long spell_dmg_creatures;  /* noncombat damage it dealt to creatures */
} CardTally;

typedef struct CombatTally {
    long attack_steps;         /* declare attackers steps with at least one attacker */
    long attackers;            /* creatures declared as attackers */
    long blocked, unblocked;   /* of those, how many became blocked / not */
    long blocks;               /* blocker/attacker pairs declared by this deck */
    long chumps;               /* blocks where the blocker died and its attacker did not */
    long trades;               /* blocks where both died */
    long lost_in_combat;       /* this deck's creatures that died in combat damage steps */
    long dmg_players, dmg_creatures, dmg_planeswalkers; /* combat damage dealt by this deck */
    long fs_kills;             /* opposing creatures killed in first-strike damage steps */
    long trample;              /* trample damage dealt past blockers */
    long lifelink;             /* life gained through lifelink */
    long poison;               /* poison counters given */
    long dt_kills;             /* opposing creatures killed after deathtouch damage */
} CombatTally;

typedef struct DeckTally {
    long wins, losses, draws;
    long play_games, play_wins;    /* games this deck started */
    long draw_games, draw_wins;    /* games the other deck started */
    long mulligans;                /* mulligans taken in all */
    long mulligan_games;           /* games with at least one mulligan */
    long won_by[END_COUNT];        /* games won, by why the other lost */
    long lost_by[END_COUNT];       /* games lost, by why */
    CombatTally combat;
} DeckTally;

/* Each thread's Tally and Observer start on a cache line of their own
 * (and their arrays too, see stats_alloc): a game writes them constantly,
 * and two threads must not share a line. */
#define CACHE_LINE 64

typedef struct Tally {
    _Alignas(CACHE_LINE) long games;
    long turns_sum;
    long turns_hist[TURN_HIST];
    long ends[END_COUNT];          /* why each game ended */
    long errors;                   /* games ended by an illegal policy answer */
    long check_failures;           /* debug builds: games where state_check failed */
    DeckTally deck[2];
    CardTally *card[2];            /* per distinct card of each deck (StatsSetup order) */
    int ncard[2];
} Tally;

/* Per matchup, shared read-only: each deck's distinct cards. */
typedef struct StatsSetup {
    int ncard[2];                  /* distinct cards per deck */
    int *card[2];                  /* pool index of distinct card k */
    int *copies[2];                /* copies of distinct card k */
    int16_t *index[2];             /* pool index -> distinct card k, or -1 */
    int pool_n;
} StatsSetup;

/* A card's games and wins as 17lands counts them (results/README.md). */
typedef struct CardSeen {
    long gih_games, gih_wins;  /* games the card was in hand (opening hand or drawn) */
    long oh_games, oh_wins;    /* in the opening hand (after mulligans) */
    long gd_games, gd_wins;    /* drawn after the opening hand, not in it */
    long gns_games, gns_wins;  /* not seen: never in hand */
} CardSeen;

static inline CardSeen card_seen(const CardTally *c)
{
    const long *l = c->seen[0], *w = c->seen[1];
    return (CardSeen){
        .gih_games = l[1] + l[2] + l[3] + w[1] + w[2] + w[3], .gih_wins = w[1] + w[2] + w[3],
        .oh_games = l[SEEN_OPENING] + l[3] + w[SEEN_OPENING] + w[3], .oh_wins = w[SEEN_OPENING] + w[3],
        .gd_games = l[SEEN_DRAWN] + w[SEEN_DRAWN], .gd_wins = w[SEEN_DRAWN],
        .gns_games = l[0] + w[0], .gns_wins = w[0],
    };
}

int  stats_setup(StatsSetup *su, const MatchSpec *m);   /* 0, or -1 out of memory */
void stats_setup_free(StatsSetup *su);
int  tally_init(Tally *t, const StatsSetup *su);        /* zeroed; 0 or -1 */
void tally_free(Tally *t);
void tally_add(Tally *sum, const Tally *t);             /* sum += t */
void tally_reset(Tally *t);                             /* back to zero, arrays kept */

/* Watches one game at a time. */
typedef struct Observer {
    _Alignas(CACHE_LINE) const StatsSetup *su;
    Tally *t;
    int deck_of_seat[2];
    uint8_t *seen[2];                 /* per distinct card: SEEN_* this game */
    /* This game's seats: their deck's card index, tallies and seen[] (one
     * load instead of three for every event naming a card). */
    const int16_t *index_of_seat[2];
    CardTally *cards_of_seat[2];
    uint8_t *seen_of_seat[2];
    PermSet attackers, blocked, died, dt_hit;    /* this combat, by slot */
    int att_deck;                     /* the attacking deck of this combat */
    int n_pairs;
    uint8_t pair_a[PAIR_MAX], pair_b[PAIR_MAX];
    int16_t src[PERM_MAX][4];         /* distinct cards (deck*1024+k) that damaged a slot this step */
    uint8_t n_src[PERM_MAX];
    /* A death in a combat damage step is a combat death only while
     * `combat` is set: combat damage sets it, a resolution or an
     * activation (a sacrifice) clears it. Creature-only games never clear it. */
    int combat;
    int nc_used;                      /* noncombat damage was recorded this game (nc_* to clear) */
    int16_t nc_src[PERM_MAX][4];      /* distinct cards (deck*1024+k) that dealt a slot noncombat damage */
    uint8_t n_nc[PERM_MAX];           /* entries of nc_src in use, for turn nc_turn */
    uint8_t nc_dt[PERM_MAX];          /* some of it was deathtouch damage */
    uint16_t nc_turn[PERM_MAX];       /* the turn of that damage (it wears off at cleanup) */
} Observer;

int  observer_init(Observer *o, const StatsSetup *su, Tally *t);   /* 0 or -1 */

/* Zeroed memory for n bytes, on cache lines of its own (free with free()). */
void *stats_alloc(size_t n);
void observer_free(Observer *o);
/* Plays game `index` of the match under observation and tallies it:
 * observer_begin, driver_play with the observer's functions, observer_end. */
void observer_play(Observer *o, const MatchSpec *m, uint64_t index, GameResult *r);

/* The parts of observer_play, for a caller that plays a game itself
 * (tests): observer_begin sets up game `index` (its seats, driver_seats);
 * the game then sends its events to observer_events() with o as context;
 * observer_end tallies its result. */
void observer_begin(Observer *o, uint64_t index);
const EventFn *observer_events(void);
void observer_end(Observer *o, const GameResult *r);

#endif
