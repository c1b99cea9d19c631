/* game.h: a game's context, the turn loop, and what the engine reports.
 *
 * Game holds what a game needs besides its state: the card pool, the two
 * decks, the rules edition, the policies, the random streams and an optional
 * event observer. It is built by the caller (the driver, the scenario runner,
 * a test) for each game and never stored in the state, so forks share it.
 * The engine never allocates, prints or reads a global. */
#ifndef MTG_GAME_H
#define MTG_GAME_H

#include "state.h"
#include "rng.h"

typedef enum Edition {
    EDITION_2011,        /* the seed rules: damage assignment orders (510.1c, 2011) */
    EDITION_FOUNDATIONS  /* rules since November 2024: no order, free division */
} Edition;

/* Errors the engine returns; an illegal answer from a policy ends the game
 * with END_ERROR and this code in GameState.error. */
typedef enum MtgError {
    MTG_OK = 0,
    ERR_ILLEGAL_ATTACK,
    ERR_ILLEGAL_BLOCK,
    ERR_ILLEGAL_ORDER,
    ERR_ILLEGAL_ASSIGNMENT,
    ERR_ILLEGAL_ACTION,   /* a main-phase action, mulligan or discard that is not legal */
    ERR_CAPACITY          /* a fixed capacity of the state would be exceeded */
} MtgError;

const char *mtg_error_name(int err);     /* "illegal_attack", ... */
const char *mtg_step_name(int step);     /* "declare_attackers", ... */
const char *mtg_end_reason_name(int r);  /* "life", "poison", ... */

/* Events, for statistics and traces. `perm` and `other` are permanent slots
 * (valid at the time of the event), `card` a pool index. */
typedef enum EventType {
    EV_GAME_START,   /* player = who starts */
    EV_MULLIGAN,     /* player took a mulligan; amount = mulligans so far */
    EV_KEEP,         /* player kept; amount = cards put on the bottom */
    EV_TURN,         /* a new turn; player = active, amount = turn number */
    EV_DRAW,         /* player drew card (amount = 0) or could not (amount = -1) */
    EV_LAND,         /* player played land card */
    EV_CAST,         /* player cast card */
    EV_ENTER,        /* card entered the battlefield as permanent perm */
    EV_ATTACK,       /* perm attacks; other = TARGET_PLAYER or a planeswalker slot */
    EV_BLOCK,        /* perm blocks other */
    EV_ORDER,        /* perm's damage assignment order was set (amount = entries) */
    EV_DAMAGE,       /* perm dealt amount combat damage to other (a slot) or to player (other = TARGET_PLAYER); flags = DMG_* */
    EV_LIFE,         /* player's life changed by amount */
    EV_POISON,       /* player got amount poison counters */
    EV_DIES,         /* perm (card) was put into its owner's graveyard from the battlefield */
    EV_DISCARD,      /* player discarded card */
    EV_COMBAT_END,   /* every turn, as the end of combat step ends (creatures leave combat next) */
    EV_LOSE,         /* player lost; amount = EndReason */
    EV_GAME_END,     /* player = winner (2 for a draw); amount = EndReason */
    /* Games with rules text only (GameState.spells). The stack item an event
     * names is on top of the stack when it is emitted, unless said otherwise. */
    EV_ACTIVATE,     /* player activated ability `amount` of permanent perm (card); not mana abilities */
    EV_TRIGGER,      /* ability `amount` of card (its source perm, or NO_SLOT when gone) went on the
                        stack under player */
    EV_RESOLVE,      /* the top item starts resolving: player = controller, perm = source slot (NO_SLOT
                        for a spell), other = SI_* kind, card, amount = ability index */
    EV_FIZZLE,       /* ... and did not resolve (608.2b; an Aura's target gone, 608.3b): fields as
                        EV_RESOLVE; the item has left the stack */
    EV_COUNTER,      /* a spell or ability was countered (701.5), removed from the stack: fields as
                        EV_RESOLVE; amount = pool index of the card that countered it */
    EV_DESTROY,      /* perm is destroyed (701.7) by card's spell or ability: player = the controller of
                        that spell or ability, other = its source's slot (NO_SLOT for a spell); EV_DIES follows */
    EV_LEAVE,        /* perm (card) left the battlefield for its owner's zone `amount` (ZONE_EXILE,
                        ZONE_HAND, ...), not the graveyard (EV_DIES); player = its controller */
    EV_COUNT
} EventType;

enum { /* Event.flags for EV_DAMAGE */
    DMG_FIRST_STRIKE = 1u << 0, /* dealt in the first-strike damage step */
    DMG_TRAMPLE      = 1u << 1, /* trample damage to the player/planeswalker past blockers (not a
                                   blocked creature's damage assigned as though it weren't
                                   blocked without trample: Rhox's) */
    DMG_DEATHTOUCH   = 1u << 2,
    DMG_LIFELINK     = 1u << 3,
    DMG_INFECT       = 1u << 4,
    DMG_WITHER       = 1u << 5,
    DMG_TO_PW        = 1u << 6, /* the recipient is a planeswalker */
    DMG_NONCOMBAT    = 1u << 7, /* dealt by a spell or ability, not in combat (perm: the source's slot, or NO_SLOT for a spell);
                                   also on the EV_POISON that noncombat infect damage gives */
    DMG_TO_CONTROLLER= 1u << 8  /* noncombat, to a player: the player dealt damage is the source's controller
                                   (player), not the opponent */
};

typedef struct Event {
    uint8_t  type;    /* EventType */
    uint8_t  player;  /* player concerned */
    uint8_t  perm;    /* permanent slot, if any */
    uint8_t  other;   /* second slot, TARGET_PLAYER, or 0 */
    uint16_t flags;   /* DMG_* for EV_DAMAGE */
    uint16_t card;    /* pool index of the card concerned, if any */
    int16_t  amount;  /* amount, count or reason */
} Event;

struct Policy;

/* An observer of events: ctx is Game.event_ctx. */
typedef void (*EventFn)(void *ctx, const GameState *s, const Event *e);

typedef struct Game {
    const CardPool *pool;          /* card definitions */
    const Deck *deck[2];           /* each seat's deck list */
    uint8_t edition;               /* Edition */
    uint32_t text;                 /* 0: game_init looks at the decks; else 1 + GameState.spells
                                      (game_text: whether a deck holds a card with rules text, and
                                      one that singles out a land), found once by the caller for
                                      all its games of the matchup */
    uint64_t trig_absent;          /* with text: GameState.trig_absent (~game_triggers), found with
                                      it; 0 there, every kind of trigger is scanned for */
    uint16_t turn_cap;             /* draw after this many turns (default TURN_CAP_DEFAULT) */
    const struct Policy *policy[2];/* who decides for each seat */
    Rng *deck_rng[2];              /* shuffles of each seat's library */
    Rng *policy_rng[2];            /* each seat's policy randomness */
    uint8_t *lib_buf[2];           /* DECK_MAX bytes each: library order storage */
    const uint64_t *play[2];       /* each seat's play table (game_play_table), or NULL: the main
                                      phase then reads the cards (Player.play) */
    EventFn on_event[EV_COUNT];    /* the observer of each event type, or NULL: a type no one
                                      observes costs the engine one test */
    void *event_ctx;
    uint64_t *forks;               /* if not NULL, counts states forked by look-ahead policies */
    const struct Policy *quiet_of[2];/* the policies and the game's GameState.spells quiet_steps was */
    uint16_t quiet_spells;         /* made for (priority_quiet): when either changes, it is made again */
    uint16_t quiet_steps;          /* the steps both policies are quiet in (Policy.quiet) */
    uint16_t tricks_steps[2];      /* the steps each seat's policy passes on tricks alone in
                                      (Policy.tricks), made with quiet_steps */
    int check;                     /* run state_check after every action (tests) */
    int check_failed;              /* state_check failures seen */
    char check_msg[160];           /* the first failure's description */
} Game;

/* The default turn cap: past the turn in which a player of the largest
 * deck would draw from an empty library. A player with L cards in library
 * after the opening hand (L <= DECK_MAX with mulligans) draws the last of
 * them on their own turn L+1 (L+2 for the starting player, who skips the
 * first draw) and loses on the next, game turn 2L+3 at the latest; so a
 * game the cap ends is one that drawing could never end. */
#define TURN_CAP_DEFAULT (2 * DECK_MAX + 3)

/* Sets fn as the observer of every event type. */
static inline void game_observe_all(Game *g, EventFn fn, void *ctx)
{
    for (int t = 0; t < EV_COUNT; t++) g->on_event[t] = fn;
    g->event_ctx = ctx;
}

/* Emits an event to the observer, if it asked for events of this type. */
static inline void game_event(const Game *g, const GameState *s, EventType type, int player,
                              int perm, int other, int card, int amount, int flags)
{
    /* A function per type, not one for all that switches on the type:
     * each call site then always calls the same function, which a branch
     * predictor learns; the switch's jump it did not. */
    EventFn fn = g->on_event[type];
    if (fn) {
        Event e = { (uint8_t)type, (uint8_t)player, (uint8_t)perm, (uint8_t)other,
                    (uint16_t)flags, (uint16_t)card, (int16_t)amount };
        fn(g->event_ctx, s, &e);
    }
}

/* Clears a state: no cards anywhere, 20 life, turn 1, player 0 active in
 * the untap step. For callers that build positions by hand (scenarios,
 * tests); game_init calls it first. */
void state_clear(GameState *s, const CardPool *pool, int edition);

/* Sets up a game: empty battlefield, 20 life, shuffled libraries (written to
 * g->lib_buf), London mulligans through the policies, opening hands drawn.
 * `starting` takes the first turn. */
void game_init(GameState *s, Game *g, int starting);

/* Whether deck d holds a card with rules text (card_has_text): a game
 * with it plays the stack, priority and effects (GameState.spells). */
int deck_has_text(const CardPool *pool, const Deck *d);

/* Whether card d can single out a land on the battlefield: an ability
 * with a target a land may be ("target land", "target permanent"), or one
 * that destroys every permanent of a kind a land may be. A game with one
 * plays basic lands as permanents (SPELLS_LAND_OBJECTS). */
int card_singles_out_land(const CardDef *d);

/* Game.text for a matchup of decks a and b: 1 + GameState.spells
 * (SPELLS_ON when a deck holds a card with rules text, SPELLS_LAND_OBJECTS
 * too when a deck holds a card that singles out a land, SPELLS_NO_GRANTED
 * when no card of the decks nor token grants an Aura's activated ability,
 * SPELLS_NO_EXTRA_LAND when none lets a player play an additional land,
 * SPELLS_NO_DOUBLERS when none doubles every source's damage,
 * SPELLS_NO_WARDS when none prevents damage to or by what it is attached to,
 * SPELLS_NO_REDIRECT when none redirects the damage dealt to a player,
 * SPELLS_NO_SHIELDS, SPELLS_NO_STATE_AURAS, SPELLS_NO_BECOMERS,
 * SPELLS_NO_UPKEEP_ACTS, SPELLS_NO_OTHERS_UNTAP, SPELLS_NO_DECK_FLAGS,
 * SPELLS_NO_LEYLINES, SPELLS_NO_HAND_LOOKS and SPELLS_NO_WALKERS when no
 * card nor token (no card, for SPELLS_NO_DECK_FLAGS, SPELLS_NO_LEYLINES and
 * SPELLS_NO_HAND_LOOKS) has what they name).
 * Once per matchup: every game of it plays alike. */
int game_text(const CardPool *pool, const Deck *a, const Deck *b);

/* The TR_* kinds (bits) of the triggered abilities of decks a's and b's
 * cards and of every token: a game skips the scans for the others
 * (GameState.trig_absent: Game.trig_absent, or game_init finds them). */
uint64_t game_triggers(const CardPool *pool, const Deck *a, const Deck *b);

/* Fills out[0 .. d->n - 1] with what the main phase reads of each card
 * object of deck d (mana.h: play_info): a table for Game.play, made once
 * for a deck and shared by its games. */
void game_play_table(const CardPool *pool, const Deck *d, uint64_t *out);

/* Plays from the current step until the game ends. */
void game_run(GameState *s, Game *g);

/* Ends the game now (winner 0/1, 2 for a draw). */
void game_end(GameState *s, const Game *g, int winner, EndReason why);

/* Draws a card for player p (sets PL_DREW_EMPTY on an empty library). */
void game_draw(GameState *s, const Game *g, int p);

/* Puts a permanent for pool card `card` onto the battlefield under player p.
 * Returns its slot, or -1 when PERM_MAX is reached. */
int perm_create(GameState *s, int p, uint16_t card, uint8_t obj);

/* Moves permanent i to its owner's graveyard (removing it from combat). */
void perm_to_graveyard(GameState *s, const Game *g, int i);

/* Removes permanent i from combat (506.4). */
void combat_remove(GameState *s, int i);

/* State-based actions (704), repeated until none applies; ends the game
 * when a player loses. Clears GameState.sba_pending. Whoever changes what
 * they act on (damage, life, poison, counters, toughness, loyalty, a draw
 * from an empty library, a new permanent) sets sba_pending or calls this. */
void sba_apply(GameState *s, const Game *g);

/* sba_apply for a caller that changed nothing state-based actions act on
 * but the permanents in `slots` and the players' life and poison (combat
 * damage): nothing else can have become subject to one since the last
 * check, unless sba_pending says so, and then every permanent is looked at. */
void sba_apply_slots(GameState *s, const Game *g, PermSet slots);
static inline void sba_apply_some(GameState *s, const Game *g, PermSet slots)
{
    /* Nothing to look at (the usual case at a priority point): no
     * permanent named or pending, the layers settled, no player at 0 life,
     * poisoned to death or having drawn from an empty library. */
    const Player *a = &s->pl[0], *b = &s->pl[1];
    if (!slots && !s->sba_pending && (!s->spells || (!s->layers_dirty && !s->cond_key)) && a->life > 0 &&
        b->life > 0 && !((a->flags | b->flags) & PL_DREW_EMPTY) && a->poison < POISON_LOSS && b->poison < POISON_LOSS)
        return;
    sba_apply_slots(s, g, slots);
}

/* Whether attachment i (PK_ATTACH) is where it can't be (704.5m-n): 1,
 * an Aura attached to nothing or to what it can't enchant; 2, an
 * Equipment attached to what is not a creature or has protection from
 * it; 0, neither. */
int sba_attachment_illegal(const GameState *s, int i);

/* Whether an Aura on the battlefield is attached to something with an
 * enchant restriction on its state (Filter.state: "enchant tapped
 * creature"), which tapping or untapping it may make illegal (704.5m). */
int sba_state_auras(const GameState *s);

/* Check mode (Game.check): whether a state-based action would apply to a
 * permanent although sba_pending is clear, which would make
 * sba_apply_some(s, g, 0) miss it: something changed what they act on
 * without saying so. (The players' life, poison and draws it looks at
 * every time.) Leaves s as it is. */
int sba_missed(const GameState *s, const Game *g);

/* Checks every invariant of the state (cards neither created nor lost,
 * counts consistent, combat legal, the game's end consistent with life and
 * poison). Returns 0 when all hold, else -1 with a description in msg. */
int state_check(const GameState *s, const Game *g, char *msg, int msglen);

#endif
