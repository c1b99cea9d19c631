/* state.h: the game state, compact plain data that is copied to fork.
 *
 * Everything that changes during a game lives in GameState: fixed-capacity
 * arrays and small integer indices, no pointers except to data that is
 * immutable while the game runs (card definitions, each library's order).
 * A fork for look-ahead is a plain struct copy; forks share the immutable
 * parts and a determinization repoints a player's library to a new order.
 *
 * Size (checked below): about 2.7 KiB. The permanents array dominates
 * (PERM_MAX x 16 bytes); basic lands are not permanents-array entries but
 * counts by color plus a membership bitset, since basics of one color are
 * interchangeable for every rule the engine plays, except in a game where
 * a card can single one out (SPELLS_LAND_OBJECTS: there they are
 * permanents, in the highest free slots); graveyards are bitsets
 * over object ids (their order matters to no rule the engine plays).
 *
 * Capacities. No game of two decks of 60 cards reaches one: they hold at
 * most 120 cards, lands included (PERM_MAX 128), every card of the pool blocks one
 * attacker, so a combat has at most as many pairs as the defender has
 * creatures (PAIR_MAX 64), a hand holds at most 8 cards in the turn (7
 * after cleanup, and a draw), and spells are cast one at a time. Larger
 * decks (up to DECK_MAX) or tokens may reach PERM_MAX: the spell that
 * finds no slot stays on the stack and the game is abandoned as a draw,
 * END_CAPACITY, counted apart in every report; likewise a draw into a full
 * hand (the card stays in the library). A policy declares at most
 * PAIR_MAX blocks (more would take creatures that block several attackers
 * at once, which only scenarios make); more are refused, ERR_CAPACITY.
 * Every card object stays in exactly one zone either way (state_check). */
#ifndef MTG_STATE_H
#define MTG_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "card.h"
#include "ability.h"

#define LAYERS_SOME_MAX 4 /* GameState.layers_some: slots changed one by one (layers.h) */
#define PERM_MAX   128  /* permanents on the battlefield, both players (basic lands only with land objects) */
#define HAND_MAX   32   /* cards in one hand (a control deck draws past 16: Mind Spring for 10) */
#define PAIR_MAX   64   /* blocker/attacker pairs in one combat */
#define STACK_MAX  16   /* spells and abilities on the stack */
#define FLOAT_MAX  64   /* continuous effects from resolved spells and abilities in force (two Overruns
                           on fifteen creatures make sixty) */
#define TRIG_MAX   16   /* triggered abilities waiting to be put on the stack */
#define LIFE_START 20
#define HAND_SIZE  7    /* maximum hand size at cleanup (514.1) */
#define POISON_LOSS 10  /* 704.5c */

/* A set of permanent slots: bit i stands for GameState.perm[i]. Every mask
 * over slots has this type, never a narrower integer, which would drop
 * the slots past its width without a word. gcc and clang compile its
 * operations to pairs of 64-bit ones. */
__extension__ typedef unsigned __int128 PermSet;
#define PERMSET_BIT(i) ((PermSet)1 << (i))

/* Bits set in a word. Without the CPU's instruction the builtin is a call
 * (to the same sums of bits by halves): they are made inline instead. */
static inline int bits64_count(uint64_t x)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full) * 0x0101010101010101ull) >> 56);
#endif
}

/* The lowest slot of a nonempty set, how many slots, whether slot i is in
 * it (the word first, then one 64-bit shift: a 128-bit shift by a
 * variable count takes twice the instructions). */
static inline int permset_first(PermSet m)
{
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}
/* How many slots up to the highest in m (0 for none): the part of a
 * per-slot array in use, slots being taken lowest first. */
static inline int permset_span(PermSet m)
{
    uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
    return hi ? 128 - __builtin_clzll(hi) : lo ? 64 - __builtin_clzll(lo) : 0;
}
static inline int permset_count(PermSet m)
{
    uint64_t hi = (uint64_t)(m >> 64);
    return bits64_count((uint64_t)m) + (hi ? bits64_count(hi) : 0);   /* the high word most often empty */
}
static inline int permset_has(PermSet m, int i)
{
    uint64_t w = (i & 64) ? (uint64_t)(m >> 64) : (uint64_t)m;
    return (int)((w >> (i & 63)) & 1);
}

/* Whether a set (of a state: perm_used) has a slot past 63; a set of a
 * state that has none, as a set whose high word the compiler knows is 0. */
static inline int permset_wide(PermSet m) { return (uint64_t)(m >> 64) != 0; }
static inline PermSet permset_narrow(PermSet m, int wide) { return wide ? m : (PermSet)(uint64_t)m; }

/* Without branches, for masks built from conditions (0 or 1): slot i
 * alone if cond, else the empty set; every slot if cond, else none. */
static inline PermSet permset_bit_if(int cond, int i)
{
    uint64_t b = (uint64_t)cond << (i & 63);
    return (i & 64) ? (PermSet)b << 64 : (PermSet)b;
}
static inline PermSet permset_all_if(int cond) { return (PermSet)(__int128)-(int64_t)cond; }

/* Visiting the slots of a set, lowest first:
 *     for (PermIter it = permset_iter(set); permiter_more(&it);) {
 *         int i = permiter_next(&it); ... }
 * a 64-bit word at a time. (for (PermSet m = set; m; m &= m - 1), with
 * permset_first(m), visits the same slots at half the speed: these loops
 * run over every creature at every step and decision.) */
typedef struct PermIter {
    uint64_t word;   /* slots of the current word not visited yet */
    uint64_t high;   /* the high word, while the low one is visited */
    int      base;   /* the slot of the current word's bit 0 */
} PermIter;

static inline PermIter permset_iter(PermSet m)
{
    PermIter it = { (uint64_t)m, (uint64_t)(m >> 64), 0 };
    return it;
}
static inline int permiter_more(PermIter *it)
{
    if (it->word) return 1;
    if (!it->high) return 0;
    it->word = it->high;
    it->high = 0;
    it->base = 64;
    return 1;
}
static inline int permiter_next(PermIter *it)
{
    int i = it->base + __builtin_ctzll(it->word);
    it->word &= it->word - 1;
    return i;
}

#define OBJ_NONE    0xFFu  /* permanent with no card object (scenario-made) */
#define TARGET_NONE 0xFFu  /* Permanent.target: not attacking */
#define TARGET_PLAYER 0xFEu /* Permanent.target: attacking the defending player */
#define TARGET_GONE 0xFDu  /* Permanent.target: attacking a planeswalker that left combat (506.4) */

/* Steps of the turn (section 5), in order. */
typedef enum Step {
    STEP_UNTAP, STEP_UPKEEP, STEP_DRAW, STEP_MAIN1,
    STEP_BEGIN_COMBAT, STEP_DECLARE_ATTACKERS, STEP_DECLARE_BLOCKERS,
    STEP_FIRST_STRIKE_DAMAGE, STEP_COMBAT_DAMAGE, STEP_END_COMBAT,
    STEP_MAIN2, STEP_END, STEP_CLEANUP, STEP_COUNT
} Step;

/* Permanent.flags */
enum {
    PF_TAPPED      = 1u << 0, /* tapped */
    PF_SICK        = 1u << 1, /* not controlled continuously since its controller's turn began (302.6) */
    PF_HAD_FS      = 1u << 2, /* had first or double strike when the first-strike damage step began (510.4) */
    PF_DEATHTOUCHED= 1u << 3, /* dealt damage by a deathtouch source since SBAs were last checked (704.5h) */
    PF_BLOCKED     = 1u << 4, /* attacking creature that became blocked; stays so if its blockers leave (509.1h) */
    PF_CREATURE    = 1u << 5, /* it is a creature: its card is a creature card (set as it enters),
                                 or, with rules text, an effect makes it one (the layers set it:
                                 OP_BECOME, perm_became) */
    PF_NO_ATTACK   = 1u << 6, /* can't attack (a rules ability: layers.c sets it) */
    PF_NO_BLOCK    = 1u << 7  /* can't block (likewise) */
};

/* A permanent holds its current power, toughness and keywords, not only
 * what changes them: combat, state-based actions and the policies read
 * them for every creature at every step, and through the card definition
 * each read was two dependent loads and the sums again. Whatever changes
 * a characteristic updates them (perm_create, wither's -1/-1 counters,
 * cleanup's end of "this turn" effects, perm_refresh after counters set by
 * hand); state_check verifies them. The controller is not stored: it is
 * the perm_ctl mask the slot is in (perm_controller). */
typedef struct Permanent {
    uint16_t card;       /* index in GameState.cards */
    uint16_t kw;         /* keywords: printed, and granted until end of turn */
    int16_t  power;      /* printed + counters + until-end-of-turn modifiers */
    int16_t  toughness;  /* likewise */
    uint8_t  obj;        /* card object id in its owner's deck, or OBJ_NONE */
    uint8_t  flags;      /* PF_* */
    uint8_t  damage;     /* damage marked this turn (saturates at 255) */
    uint8_t  plus;       /* +1/+1 counters */
    uint8_t  minus;      /* -1/-1 counters */
    uint8_t  loyalty;    /* loyalty counters (a planeswalker); on a permanent of another type, lore
                            counters (122.1: COUNTER_LORE, Mind Unbound) */
    uint8_t  prevent;    /* prevention shield: next N damage to it this turn */
    uint8_t  target;     /* when attacking: TARGET_PLAYER or a planeswalker's slot */
} Permanent;

/* Player.flags */
enum {
    PL_LOST        = 1u << 0, /* lost the game (704.5a-c) */
    PL_DREW_EMPTY  = 1u << 1, /* tried to draw from an empty library (704.5b) */
    PL_LAND_PLAYED = 1u << 2, /* played a land this turn (305.2) */
    PL_LIB_OWN     = 1u << 4, /* the library's order is this state's own copy (lib_buf): a card
                                 wrote to it (library.h) */
    PL_FREE_SPELLS = 1u << 3, /* owns a nonland card of mana value 0 (castable with no mana: Ornithopter);
                                 set by game_init from the deck (player_free_spells) */
    PL_GY_ABILITIES = 1u << 5,/* owns a card with an ability that functions from its graveyard
                                 (activated: Reassembling Skeleton; triggered: Chandra's Phoenix): the
                                 only players whose graveyard the legal actions and those triggers look
                                 through; set by game_init from the deck (player_gy_abilities) */
    PL_CAST        = 1u << 6, /* games with rules text: cast a spell this turn (Rule of Law's "more
                                 than one spell each turn"); cleared as each turn begins */
    PL_NO_CAST     = 1u << 7  /* can't cast spells this turn (Silence); cleared at cleanup (514.2) */
};

/* Why a player lost, or why the game ended. */
typedef enum EndReason {
    END_NONE, END_LIFE, END_POISON, END_LIBRARY, END_TURN_CAP,
    END_CAPACITY, /* a fixed capacity was reached: game abandoned as a draw, counted apart */
    END_ERROR,    /* a policy answered illegally: a bug */
    END_COUNT
} EndReason;

typedef struct Player {
    int16_t  life;       /* life total (may go below 0) */
    int16_t  prevent;    /* prevention shield: next N damage to this player this turn */
    uint8_t  poison;     /* poison counters */
    uint8_t  flags;      /* PL_* */
    uint8_t  lost_reason;/* EndReason when PL_LOST */
    uint8_t  mulligans;  /* mulligans taken */
    uint8_t  deck_n;     /* card objects this player owns */
    uint8_t  hand_n;     /* cards in hand */
    uint8_t  lib_top;    /* lib[lib_top] is the top card */
    uint8_t  lib_n;      /* cards left in the library */
    uint8_t  gy_n;       /* cards in the graveyard */
    uint8_t  lands_n;    /* basic lands on the battlefield, as counts (none with SPELLS_LAND_OBJECTS:
                            there they are permanents; player_basics counts either) */
    uint8_t  mana[COLOR_COUNT];        /* mana pool, emptied at each step's end */
    uint8_t  land_n[COLOR_COUNT];      /* basic lands on the battlefield, by color made */
    uint8_t  land_tapped[COLOR_COUNT]; /* how many of those are tapped */
    uint8_t  hand[HAND_MAX];           /* object ids of the cards in hand */
    uint64_t gy[4];      /* graveyard: bit per object id */
    uint64_t lands[4];   /* basic lands on the battlefield as counts: bit per object id */
    const uint8_t *lib;  /* library order (object ids); immutable during the game */
    const uint16_t *deck;/* pool index of each object id (the deck list; shared, immutable) */
    const uint64_t *play;/* per object id, what the main phase reads of its card, packed
                            (mana.h: play_info), or NULL: it reads the card; immutable */
} Player;

/* Pool index of player p's card object `obj`. */
#define OBJ_CARD(s, p, obj) ((s)->pl[p].deck[obj])

/* Combat: who attacks, who blocks whom, and the damage assignment orders.
 * A pair is one blocker blocking one attacker; rank_att orders the blockers
 * of one attacker, rank_blk the attackers of one blocker (lower first).
 * Entries past n_pairs are zero, so that the end of a combat clears only
 * its own pairs and equal states are equal bytes. */
typedef struct Combat {
    PermSet  attackers;          /* slots of attacking creatures */
    PermSet  blockers;           /* slots of blocking creatures */
    uint8_t  n_pairs;
    uint8_t  first_strike;       /* this combat has a first-strike damage step */
    uint8_t  pair_att[PAIR_MAX]; /* attacker slot of pair i */
    uint8_t  pair_blk[PAIR_MAX]; /* blocker slot of pair i */
    uint8_t  rank_att[PAIR_MAX]; /* blocker's place in the attacker's order */
    uint8_t  rank_blk[PAIR_MAX]; /* attacker's place in the blocker's order */
    uint8_t  skip[2];            /* combat phases player p skips next ("target opponent skips their
                                    next combat phase": one each, 614.10); in the struct's padding,
                                    kept across combats (combat_end clears field by field) */
} Combat;

/* ---- Spells and abilities (the part of the state only games with cards
 * that have rules text use: GameState.spells) ---- */

/* A target (115): a permanent (slot, with its timestamp: a permanent that
 * left and came back is a new object, 400.7), a player, a spell or ability
 * on the stack (its place), or a card in a graveyard. */
enum { TK_NONE, TK_PERM, TK_PLAYER, TK_STACK, TK_CARD,
       TK_SAC,     /* Action only: tk[ACTION_TARGETS - 1] names the permanent sacrificed as a cost */
       TK_DISCARD, /* Action only: a card discarded as a cost, by hand index (the slots after the
                      targets and TK_SAC, from the last: actions.c's list_costs) */
       TK_MANY /* Action only, in tk[0]: a spell of several targets of one spec (targets_many.h);
                  n_targets is how many it announces (601.2c), chosen as it is cast */ };
typedef struct Target {
    uint8_t  kind;   /* TK_* */
    uint8_t  v;      /* slot, player, stack index, or object id (TK_CARD) */
    uint8_t  owner;  /* TK_CARD: whose graveyard */
    uint8_t  amount; /* damage "divided as you choose": this target's share, announced on casting
                        (601.2d, at least 1); else 0 */
    uint32_t ts;     /* TK_PERM: the permanent's timestamp; TK_STACK: the item's; TK_CARD:
                        CARD_TARGET_HERE, or 0 once the card has left that graveyard (it is a
                        new object if it comes back, 400.7: zone.h's gy_leave) */
} Target;
#define CARD_TARGET_HERE 1u

/* StackItem.kind */
enum { SI_SPELL, SI_ABILITY, SI_TRIGGER };
/* Targets of one item: one per target spec, or the several targets of one
 * spec ("up to three target creatures", "any number of targets"). An item
 * names at most this many: Bogardan Hellkite's 5 damage among up to 5
 * targets; "any number of targets" is a capacity, offered with up to
 * ITEM_TARGETS (Fireball on a sixth target costs {5} more). */
#define ITEM_TARGETS 5
#define NO_SLOT 0xFFu

/* A spell or ability on the stack (405, 601.2, 602.2, 603.3). */
#define LKI_KNOWN 0x80u   /* StackItem.lki_colors holds the colors its source had as it left */
#define EV_LKI_CTL1 0x40u /* StackItem.ev_lki: player 1 controlled the event's object as it left */

typedef struct StackItem {
    uint8_t  kind;        /* SI_* */
    uint8_t  controller;
    uint8_t  owner;       /* a spell: its card's owner */
    uint8_t  obj;         /* a spell: its card's object id; else OBJ_NONE */
    uint16_t card;        /* pool index: the spell's card, or the source's card */
    uint8_t  ability;     /* index in the card's abilities (a spell: its AB_SPELL, or 0xFF) */
    uint8_t  source;      /* an ability: its source's slot, or NO_SLOT */
    uint32_t source_ts;   /* the source's timestamp (its last known information, 608.2g) */
    uint32_t ts;          /* this item's timestamp (a target names it by it) */
    uint8_t  x;           /* the value of X */
    uint8_t  n_targets;
    uint8_t  lki_att;     /* an ability whose source has left: what the source was attached to
                             as it left (608.2g), or NO_SLOT; set by perm_leave */
    uint8_t  ev_player;   /* a trigger: the event's player ("that player") */
    int16_t  ev_amount;   /* a trigger: the event's amount ("that much"; the event object's
                             toughness as it left, for "its toughness"); a spell: the power of the
                             creature sacrificed to cast it, as it last existed (Fling) */
    uint8_t  ev_perm;     /* a trigger: the event's permanent ("that creature"), or NO_SLOT */
    uint8_t  lki_tapped;  /* its source was tapped as it left (608.2h: "if ~ is untapped") */
    uint8_t  lki_colors;  /* an ability whose source has left: LKI_KNOWN | its colors (CB_*) as it
                             left (608.2h: a color an effect gave it), else 0 */
    uint8_t  ev_lki;      /* a trigger whose event's object deals damage (DMG_BY_EVENT) and has left:
                             LKI_KNOWN | EV_LKI_CTL1 if player 1 controlled it | its colors (CB_*), as
                             it last existed (608.2h); else 0 (ev_amount: its power then) */
    uint16_t ev_kw;       /* with ev_lki: its keywords as it last existed (deathtouch, lifelink, ...) */
    uint16_t ev_card;     /* with ev_lki: its card (pool index), for protection from its qualities */
    uint8_t  lki_lore;    /* an ability whose source has left: the lore counters it had as it left
                             (608.2h: "for each lore counter on ~") */
    uint32_t ev_ts;       /* the event permanent's timestamp (the same object, 400.7) */
    uint32_t lki_att_ts;  /* lki_att's timestamp */
    Target   t[ITEM_TARGETS]; /* chosen targets, in the order of the ability's specs (several of one
                                 spec: in the order chosen, targets_many.h) */
} StackItem;

/* A continuous effect of a resolved spell or ability (611.2), on one
 * permanent: the set an effect affects is fixed as it begins (611.2c), one
 * record per member. Static abilities are not stored: they are read from
 * their sources (611.3). */
typedef struct Floating {
    uint8_t  op;          /* OP_PUMP, OP_GRANT, OP_LOSE_KW, OP_RULE, OP_CONTROL, OP_NO_UNTAP, OP_BECOME,
                             OP_SET_COLOR (layer 5), OP_SET_PT (base power and toughness p/t, layer 7b);
                             OP_REDIRECT (DUR_EOT: the combat damage unblocked creatures would deal to
                             player `controller` is dealt to permanent `slot` instead, Kjeldoran Royal
                             Guard: damage.h's damage_redirect); or
                             FL_DAMAGED_BY: a record, not an effect: permanent `slot` was dealt damage
                             this turn by the permanent in slot p with timestamp ts (Sengir Vampire);
                             or FL_LINKED: the card a permanent exiled (below) */
    uint8_t  dur;         /* DUR_EOT, DUR_FOREVER, DUR_NEXT_UNTAP; OP_CONTROL also
                             DUR_SOURCE_CONTROLLED, DUR_TARGET_ENCHANTED; OP_BECOME also
                             DUR_SOURCE_PRESENT */
    uint8_t  slot;        /* the permanent affected */
    uint8_t  controller;  /* OP_CONTROL: the new controller; DUR_SOURCE_PRESENT: the source's slot (the
                             effect ends as it leaves: perm_leave; `source` is OP_BECOME's `sub`);
                             else who made it */
    int16_t  p, t;        /* OP_PUMP: +p/+t; OP_BECOME, OP_SET_PT: the base power and toughness it
                             sets (layer 7b) */
    uint16_t kw;          /* OP_GRANT, OP_LOSE_KW; OP_BECOME: the keywords it gains (layer 6);
                             OP_SET_COLOR, and OP_RULE's protection from a chosen color: those colors (CB_*) */
    uint8_t  rule;        /* OP_RULE: RULE_*; OP_BECOME: the colors it becomes (CB_*, layer 5) */
    union {
        uint8_t source;   /* OP_CONTROL or OP_GRANT, DUR_SOURCE_CONTROLLED: the source's slot ("for as long as you
                             control ~"; the effect ends as the source leaves: perm_leave) */
        uint8_t sub;      /* OP_BECOME: the creature type it gains (a subtype id, layer 4); FL_CHOSEN:
                             the type chosen */
    };
    uint32_t perm_ts;     /* the permanent's timestamp: the effect ends when it leaves */
    uint32_t ts;          /* this effect's timestamp (613.7) */
} Floating;

#define FL_DAMAGED_BY 0xF0u  /* Floating.op of a "dealt damage by" record (stack.c) */
#define FL_LINKED     0xF1u  /* Floating.op of a record, not an effect: permanent `slot` (timestamp
                                perm_ts) exiled the card of object id p owned by player `controller`
                                with its EXILE_LINKED effect (607.2a: Oblivion Ring); dur DUR_FOREVER,
                                read and dropped as the permanent leaves (stack.c's trigger_leaves) */
#define FL_CHOSEN     0xF2u  /* Floating.op of a record: the creature type `sub` chosen as permanent `slot`
                                (timestamp perm_ts) entered (AB_CHOOSE_TYPE, 614.12); dur DUR_FOREVER,
                                pruned with the permanent */
#define FL_COLOR      0xF3u  /* likewise, the color (`kw`: one CB_* bit) chosen as it entered
                                (AB_CHOOSE_COLOR) */

/* A triggered ability that triggered and waits to be put on the stack
 * the next time a player would receive priority (603.3). */
typedef struct Pending {
    uint16_t card;        /* its source's card */
    uint8_t  ability;     /* which of the card's abilities */
    uint8_t  controller;
    uint8_t  source;      /* its source's slot (NO_SLOT: gone; last known information) */
    uint8_t  ev_player;
    uint8_t  ev_perm;
    uint8_t  delayed;     /* a delayed triggered ability (603.7) waiting for the end of combat step
                             ("sacrifice it at end of combat"): not put on the stack until then */
    int16_t  ev_amount;
    uint16_t ev_kw;       /* as StackItem's */
    uint32_t source_ts;
    uint16_t ev_card;     /* as StackItem's */
    uint8_t  lki_lore;    /* as StackItem's */
    uint8_t  gy_obj;      /* an ability of a card in its controller's graveyard (Ability.zone
                             ZONE_GRAVEYARD: Chandra's Phoenix): its card's object id while it is
                             there, OBJ_NONE once it has left (400.7: the ability then does nothing) */
    uint32_t ev_ts;       /* ev_perm's timestamp */
    uint8_t  lki_att;     /* as StackItem's */
    uint8_t  lki_tapped;  /* as StackItem's */
    uint8_t  lki_colors;  /* as StackItem's */
    uint8_t  ev_lki;      /* as StackItem's */
    uint32_t lki_att_ts;
} Pending;

/* Per permanent, what only games with rules text read (kept apart from
 * Permanent so that combat's loops stay on 16-byte records). */
typedef struct PermX {
    uint32_t ts;          /* timestamp: when it entered (613.7d), its identity as an object */
    uint32_t rules;       /* rules abilities it has now (bit RULE_*), from layer 6 */
    uint8_t  owner;       /* its owner (a permanent's controller may change) */
    uint8_t  attached;    /* an Aura or Equipment: the slot it is attached to, or NO_SLOT */
    uint8_t  prot;        /* protection from these colors (CB_*), with RULE_PROTECTION */
    uint8_t  xflags;      /* PX_* */
    uint8_t  regen;       /* regeneration shields (701.15) */
    uint8_t  blocks_extra;/* instances of "can block an additional creature" (RULE_BLOCK_EXTRA) */
    uint8_t  colors;      /* its colors now (CB_*) */
    uint8_t  abk;         /* PK_*: the kinds of ability its card has (card_ability_kinds), so that
                             the loops over every permanent's abilities pass the others by */
} PermX;

/* PermX.abk: which kinds of ability a card has. */
enum {
    PK_STATIC    = 1u << 0,  /* AB_STATIC (layers.c) */
    PK_TRIGGERED = 1u << 1,  /* AB_TRIGGERED */
    PK_ACTIVATED = 1u << 2,  /* AB_ACTIVATED, AB_EQUIP, AB_LOYALTY, an AB_MANA with more than {T} to
                                pay: listed as actions */
    PK_MANA      = 1u << 3,  /* an AB_MANA whose only cost is {T}: the payer activates it */
    PK_ATTACH    = 1u << 4,  /* AB_ENCHANT, AB_EQUIP: the state-based actions check what it is on */
    PK_LEGEND    = 1u << 5,  /* legendary (the legend rule), or a planeswalker (2011's uniqueness rule) */
    PK_CONTROL   = 1u << 6,  /* a static ability that changes control ("You control enchanted
                                creature": layer 2, layers.c) */
    PK_COND      = 1u << 7   /* a static ability with a condition ("as long as ...", "during your
                                turn"): the layers watch it (GameState.cond_key) */
};

/* PermX.xflags */
enum {
    PX_TOKEN     = 1u << 0,  /* a token (111) */
    PX_LAND      = 1u << 1,  /* a land permanent (a nonbasic land, or a basic land in a game with
                                SPELLS_LAND_OBJECTS: elsewhere basics are counts) */
    PX_NO_REGEN  = 1u << 2,  /* can't be regenerated this turn */
    PX_USED      = 1u << 3,  /* a "once each turn" ability was activated this turn */
    PX_PROT_WIDE = 1u << 4,  /* has protection from a card type or subtype (not only colors in prot) */
    PX_NO_UNTAP  = 1u << 5,  /* doesn't untap during its controller's untap step (a static
                                ability: the layers set it) */
    PX_SKIP_UNTAP = 1u << 6, /* doesn't untap during its controller's next untap step (cleared
                                by that step) */
    PX_CTL_OTHER = 1u << 7   /* entered the battlefield under the control of the player other than
                                its owner (110.2: put there "under your control"); its controller
                                before any control-changing effect (613.1b) is then not its owner */
};

typedef struct GameState {
    const CardDef *cards;        /* the card pool (immutable, shared) */
    Player    pl[2];
    Permanent perm[PERM_MAX];
    uint8_t   layers_reads;      /* LR_*: what beyond the permanents the static abilities on the
                                    battlefield counted as the layers last applied them (a
                                    change there dirties the layers; layers.c; here, in
                                    the room before the PermSets' alignment) */
    uint8_t   layers_n;          /* with layers_dirty LAYERS_SOME: how many in layers_some */
    uint8_t   layers_some[LAYERS_SOME_MAX]; /* with layers_dirty LAYERS_SOME: the slots whose
                                    characteristics alone may have changed (layers.h) */
    uint16_t  spells;            /* SPELLS_* (0: neither deck holds a card with rules text, the
                                    creature-only fast path); tested as a truth value for "the
                                    stack, priority and effects run" (here, in the room before
                                    the PermSets' alignment too) */
    PermSet   perm_used;         /* live slots of perm[] */
    PermSet   perm_ctl[2];       /* slots each player controls */
    PermSet   perm_acts;         /* slots whose card has an activated or a {T} mana ability (PermX.abk
                                    PK_ACTIVATED or PK_MANA), set as a permanent enters (perm_set_abk):
                                    the listings' walks over these alone; a free slot's bit is stale,
                                    read with perm_used or perm_ctl */
    PermSet   perm_statics;      /* slots whose card has a static ability or attaches (PermX.abk
                                    PK_STATIC or PK_ATTACH: an Aura, an Equipment), set with perm_acts:
                                    the layers' sources among these alone; stale likewise */
    PermSet   perm_creatures;    /* slots whose permanent is a creature (Permanent.flags PF_CREATURE) */
    PermSet   perm_shielded;     /* slots whose permanent has a rules ability that may stop it being
                                    targeted (PermX.rules, RULES_UNTARGETABLE); both kept with those
                                    (perm_create, the layers' perms_finish as a pass ends: not read
                                    during one) for the listings of targets: masks, not a walk; free
                                    slots' bits stale, likewise */
    Combat    combat;
    uint16_t  turn;              /* turn number, 1 for the first turn */
    uint16_t  turn_cap;          /* the game is a draw after this many turns */
    uint8_t   active;            /* whose turn it is */
    uint8_t   starting;          /* who took the first turn */
    uint8_t   step;              /* Step */
    uint8_t   edition;           /* Edition (game.h) */
    /* From over to extra_n, eight bytes most often 0 at a priority point,
     * which settle (stack.c) tests as one word: nothing to do there. */
    uint8_t   over;              /* the game has ended */
    uint8_t   end_reason;        /* EndReason of the game's end */
    uint8_t   error;             /* MtgError that ended it, if END_ERROR */
    uint8_t   sba_pending;       /* something changed that a state-based action may act on */
    uint8_t   pending_n;         /* triggered abilities waiting: pend[0 .. pending_n-1] */
    uint8_t   layers_dirty;      /* characteristics must be computed again (layers.c): 1 all of
                                    them, LAYERS_SOME those of layers_some alone */
    uint8_t   cond_key;          /* the conditions of the conditional static abilities on the
                                    battlefield as the layers last applied them (layers.c's
                                    cond_key: 0 none, else COND_KEY_ANY | a bit per ability) */
    uint8_t   extra_n;           /* extra turns waiting (500.7): at most EXTRA_MAX; EXTRA_NOW: this
                                    turn is one, EXTRA_NEXT: whose turn follows the extra ones */
    uint8_t   winner;            /* 0 or 1, or 2 for a draw */
    uint8_t   stack_n;           /* spells and abilities on the stack */
    uint8_t   float_n;           /* continuous effects in force: fl[0 .. float_n-1] */
    uint8_t   damaged_opp;       /* bit p: player p was dealt damage this turn (bloodthirst) */
    uint8_t   extra_who;         /* bit k: whose is the k-th extra turn waiting (the last made is
                                    taken first) */
    uint8_t   prevent_combat;    /* PC_*: 615, damage prevented this turn: all combat damage (Fog), all
                                    damage to a player or to the creatures it controls (Safe Passage) */
    uint16_t  pl_rules[2];       /* PR_* rules abilities each player has now, from static
                                    abilities (layers.c) */
    uint8_t   last_result;       /* how the last stack item ended: RES_* */
    uint32_t  ts_next;           /* the next timestamp */
    uint64_t  exile[2][4];       /* exile: bit per object id, by owner */
    StackItem stack[STACK_MAX];  /* stack[stack_n - 1] is the top */
    Floating  fl[FLOAT_MAX];
    Pending   pend[TRIG_MAX];
    PermX     px[PERM_MAX];
    PermSet   used_twice;        /* permanents whose "no more than twice each turn" ability was
                                    activated twice this turn (meaningful with PX_USED set, the
                                    first time: a new object in the slot has it clear) */
    PermSet   pw_used;           /* planeswalkers a loyalty ability of which was activated this turn
                                    (606.3: one each turn; emptied in the cleanup step, a slot's bit
                                    cleared as a new permanent takes it) */
    uint8_t   lands_played[2];   /* lands each player played this turn (305.2: more than one with
                                    Rites of Flourishing), set to 0 in each cleanup step */
    uint8_t   prevent_colors;    /* CB_*: 615, all damage sources of these colors would deal this turn
                                    (Luminesce), the source's colors looked at as it would deal it;
                                    0 at cleanup (here, in the room before trig_absent's alignment) */
    uint8_t   lib_buf[2][DECK_MAX]; /* a library's own order once a card writes to it (PL_LIB_OWN:
                                    pl[p].lib points here); until then every fork shares the
                                    game's (library.h) */
    uint64_t  trig_absent;       /* bit k: no card of the game's decks, and no token, has a
                                    triggered ability of kind k (TR_*: game_init), so that no scan
                                    for it is made; 0 (every kind looked for) where not set. A
                                    fork copies it with the rest of a game with rules text (a game
                                    without makes no scan) */
} GameState;

/* A fork (for look-ahead): a copy of what the state uses. A game without
 * rules text uses nothing from `stack` on (its creature spells resolve at
 * once), so a fork copies the first part alone, its permanents up to the
 * highest slot in use; a game with it copies the items, effects and
 * waiting triggers in use and the permanents' extra records up to that
 * slot too. Entries past the counts and the slots are left as they were
 * in dst: nothing reads them (a permanent entering a slot sets its
 * records: perm_create, perm_enter). */
#define STATE_HOT_BYTES offsetof(GameState, stack)
#define STATE_PERM_AT offsetof(GameState, perm)
#define STATE_PERM_END (offsetof(GameState, perm) + PERM_MAX * sizeof(Permanent))
static inline size_t state_hot_bytes(const GameState *s)
{
    return STATE_HOT_BYTES - (size_t)(PERM_MAX - permset_span(s->perm_used)) * sizeof(Permanent);
}
static inline size_t state_fork_bytes(const GameState *s)
{
    if (!s->spells) return state_hot_bytes(s) + (size_t)s->stack_n * sizeof(StackItem);
    size_t libs = 0;
    for (int p = 0; p < 2; p++) if (s->pl[p].flags & PL_LIB_OWN) libs += s->pl[p].lib_n;
    return state_hot_bytes(s) + (size_t)s->stack_n * sizeof(StackItem) + (size_t)s->float_n * sizeof(Floating) +
           (size_t)s->pending_n * sizeof(Pending) + (size_t)permset_span(s->perm_used) * sizeof(PermX) +
           sizeof s->used_twice + sizeof s->pw_used + sizeof s->lands_played + sizeof s->prevent_colors +
           sizeof s->trig_absent + libs;
}
static inline void state_fork(GameState *dst, const GameState *src)
{
    memcpy(dst, src, STATE_PERM_AT);
    memcpy(dst->perm, src->perm, (size_t)permset_span(src->perm_used) * sizeof(Permanent));
    memcpy((char *)dst + STATE_PERM_END, (const char *)src + STATE_PERM_END, STATE_HOT_BYTES - STATE_PERM_END);
    memcpy(dst->stack, src->stack, (size_t)src->stack_n * sizeof(StackItem));
    if (!src->spells) return;
    memcpy(dst->fl, src->fl, (size_t)src->float_n * sizeof(Floating));
    memcpy(dst->pend, src->pend, (size_t)src->pending_n * sizeof(Pending));
    memcpy(dst->px, src->px, (size_t)permset_span(src->perm_used) * sizeof(PermX));
    dst->trig_absent = src->trig_absent;
    dst->used_twice = src->used_twice;
    dst->pw_used = src->pw_used;
    memcpy(dst->lands_played, src->lands_played, sizeof dst->lands_played);
    dst->prevent_colors = src->prevent_colors;
    for (int p = 0; p < 2; p++)             /* an own library: its live part, and the pointer to it */
        if (src->pl[p].flags & PL_LIB_OWN) {
            const Player *pl = &src->pl[p];
            memcpy(dst->lib_buf[p] + pl->lib_top, src->lib_buf[p] + pl->lib_top, pl->lib_n);
            dst->pl[p].lib = dst->lib_buf[p];
        }
}

/* GameState.pl_rules: what static abilities give a player. */
enum {
    PR_CANT_LOSE    = 1u << 0,  /* "You can't lose the game" (104.3, 704.5a-c don't apply) */
    PR_CANT_WIN     = 1u << 1,  /* "... can't win the game" (nothing makes a player win but the
                                   other's loss, which PR_CANT_LOSE alone stops) */
    PR_NO_MAX_HAND  = 1u << 2,  /* no maximum hand size (514.1, 402.2) */
    PR_SHROUD       = 1u << 3,  /* "You have shroud": can't be the target of spells or abilities */
    PR_HAND_SHOWN   = 1u << 4,  /* plays with the hand revealed (no rule changes: information) */
    PR_KEEP_MANA    = 1u << 5,  /* the player's mana pool doesn't empty as steps and phases end
                                   (Upwelling: 500.4 does not apply) */
    PR_LANDS_ANY_COLOR = 1u << 6,/* the lands the player controls have "{T}: Add one mana of any
                                   color." (Joiner Adept), basic lands included: mana.c's payer */
    PR_NO_DAMAGE    = 1u << 7,  /* all damage that would be dealt to this player is prevented
                                   (Personal Sanctuary's "During your turn, ...", 615) */
    PR_NO_CREATURE_CAST = 1u << 8, /* can't cast creature spells (Steel Golem) */
    PR_ONE_SPELL    = 1u << 9,  /* can't cast more than one spell each turn (Rule of Law) */
    PR_HEXPROOF     = 1u << 10, /* "You have hexproof": can't be the target of spells or abilities
                                   an opponent controls (702.11) */
    PR_FLASH        = 1u << 11, /* may cast spells as though they had flash (702.8) */
    PR_NO_GAIN      = 1u << 12, /* can't gain life (Leyline of Punishment) */
    PR_NO_PREVENT   = 1u << 13  /* damage can't be prevented: set on both players, a rule of the
                                   whole game (Leyline of Punishment; 615 effects do nothing) */
};

/* GameState.prevent_combat: prevention effects until end of turn (615). */
#define PC_COMBAT          1u              /* all combat damage */
#define PC_PLAYER(p)       (2u << (p))     /* all damage that would be dealt to player p */
#define PC_CREATURES(p)    (8u << (p))     /* all damage to creatures player p controls (as the
                                              damage would be dealt: not a set fixed on resolution) */

/* GameState.spells */
enum {
    SPELLS_ON           = 1u << 0, /* a deck holds a card with rules text: the stack, priority and
                                      effects run */
    SPELLS_LAND_OBJECTS = 1u << 1, /* with SPELLS_ON: a deck holds a card that can single out a
                                      land (target it: card_singles_out_land), so both players'
                                      basic lands are permanents for the whole game (real objects
                                      with timestamps, tapped or not, their basic land types, the
                                      intrinsic {T} mana ability of 305.6); elsewhere they are the
                                      counts of Player.lands, land_n, land_tapped */
    SPELLS_NO_GRANTED   = 1u << 2, /* with SPELLS_ON: no card of the decks nor token is an Aura that
                                      grants its creature an activated ability (GRANT_ATTACHED): the
                                      legal actions do not look for one. Set only when known: a
                                      position built by hand (a scenario, a test) looks */
    SPELLS_NO_EXTRA_LAND = 1u << 3,/* with SPELLS_ON: no card of the decks lets a player play an
                                      additional land each turn (Rites of Flourishing): a player who
                                      played a land this turn may play no other (305.2) without a
                                      look at the battlefield. Set only when known, likewise */
    SPELLS_NO_DOUBLERS  = 1u << 4, /* with SPELLS_ON: no card of the decks doubles every source's
                                      damage (Furnace of Rath): damage.h's damage_doublers is 0
                                      without a look. Set only when known, likewise */
    SPELLS_NO_WARDS     = 1u << 5, /* with SPELLS_ON: no card of the decks prevents damage dealt to
                                      or by what it is attached to (Heart of Light, Magebane Armor):
                                      damage.h's damage_attached_prevents is 0 without a look. Set
                                      only when known, likewise */
    SPELLS_NO_REDIRECT  = 1u << 6, /* with SPELLS_ON: no card of the decks redirects the damage
                                      dealt to a player (OP_REDIRECT: Pariah): damage to a player
                                      is dealt to that player without a look (damage.h's
                                      damage_redirect). Set only when known, likewise */
    SPELLS_NO_SHIELDS   = 1u << 7, /* with SPELLS_ON: no card of the decks nor token has a static
                                      ability that prevents damage to its controller (OP_PREVENT_NEXT
                                      for SEL_YOU: Guardian Seraph): damage.h's damage_player_shields
                                      is 0 without a look. Set only when known, likewise */
    SPELLS_NO_STATE_AURAS = 1u << 8,/* with SPELLS_ON: no card of the decks nor token is an Aura with
                                      a state restriction ("enchant tapped creature"): game.h's
                                      sba_state_auras is 0 without a look. Likewise */
    SPELLS_NO_BECOMERS  = 1u << 9, /* with SPELLS_ON: no card of the decks nor token has an
                                      activated ability whose first effect makes it a creature
                                      (OP_BECOME: Mishra's Factory): heuristic.h's
                                      heuristic_spells_looks does not look for one. Likewise */
    SPELLS_NO_UPKEEP_ACTS = 1u << 10,/* with SPELLS_ON: no card of the decks nor token has an
                                      "activate only during your upkeep" ability (TM_UPKEEP:
                                      Colossus of Sardia): heuristic.h's heuristic_spells_looks
                                      does not look for one. Likewise */
    SPELLS_NO_DECK_FLAGS = 1u << 11,/* with SPELLS_ON: no card of the decks is a nonland card of
                                      mana value 0 or has an ability that functions from a
                                      graveyard: every player's PL_FREE_SPELLS and
                                      PL_GY_ABILITIES are clear without a walk over the deck
                                      (setup.c's deck_flags). Likewise */
    SPELLS_NO_OTHERS_UNTAP = 1u << 12,/* with SPELLS_ON: no card of the decks nor token has a static
                                      ability that untaps its controller's permanents in the other
                                      players' untap steps (RULE_UNTAP_OTHERS_STEP: Seedborn Muse):
                                      turn.c's untap step does not look for one. Likewise */
    SPELLS_NO_LEYLINES = 1u << 13, /* with SPELLS_ON: no card of the decks may begin the game on the
                                      battlefield from an opening hand (RULE_OPENING_HAND: a
                                      Leyline): setup.c does not look through the opening hands
                                      for one. Likewise */
    SPELLS_NO_HAND_LOOKS = 1u << 14,/* with SPELLS_ON: no card of the decks has a fact of its rules
                                      (policy_rules.h's rules_card_facts, made: RF_STACK,
                                      RF_SORCERY_BURN) for which version 3 of the heuristic looks
                                      when it is in hand: rules_looks_at_item and
                                      rules_main2_looks read no card of the hand for it. Likewise */
    SPELLS_NO_WALKERS  = 1u << 15  /* with SPELLS_ON: no card of the decks nor token is a
                                      planeswalker: no permanent is one (a creature with loyalty,
                                      which version 3 of the heuristic leaves to the look, among
                                      them: policy_rules.h's rules_trick_steps). Likewise */
};

/* GameState.extra_n */
enum { EXTRA_MAX = 7, EXTRA_COUNT = 0x0F, EXTRA_NOW = 0x40, EXTRA_NEXT = 0x80 };

/* GameState.last_result */
enum { RES_NONE, RES_RESOLVED, RES_FIZZLED };

_Static_assert(sizeof(Permanent) == 16, "Permanent must stay 16 bytes");
/* 8 KiB, and 128 bytes for the 16 stack items' fifth target, 128 for the last known information
 * of a trigger's event object that deals damage (StackItem's and Pending's ev_lki, ev_kw, ev_card),
 * 32 for hands of 32 cards rather than 16, and 64 for perm_acts, perm_statics, perm_creatures and
 * perm_shielded. */
_Static_assert(sizeof(GameState) <= 8192 + 256 + 32 + 64, "GameState must stay under 8 KiB (and the 16 stack items' fifth target)");
_Static_assert(offsetof(GameState, extra_n) == offsetof(GameState, over) + 7, "settle's word: over .. extra_n");
_Static_assert(offsetof(GameState, stack) <= 3072, "the part of a creature-only game must stay under 3 KiB");
_Static_assert(PERM_MAX <= 8 * (int)sizeof(PermSet), "a PermSet must hold every slot");
_Static_assert(PERM_MAX <= TARGET_GONE && PAIR_MAX < 255, "slots and pair counts must fit a byte, below its markers");

/* Whether the state-based actions on players (704.5a-c) have nothing to
 * act on: no player at 0 life or less, poisoned to death or having drawn
 * from an empty library. 0 or 1, without branches (the players' life
 * and poison are not flagged as they change: this is tested each time). */
static inline int players_unharmed(const GameState *s)
{
    const Player *a = &s->pl[0], *b = &s->pl[1];
    return (a->life > 0) & (b->life > 0) & !((a->flags | b->flags) & PL_DREW_EMPTY) &
           (a->poison < POISON_LOSS) & (b->poison < POISON_LOSS);
}

/* ---- Reading a permanent's current characteristics ---- */

static inline const CardDef *perm_def(const GameState *s, int i) { return &s->cards[s->perm[i].card]; }

static inline unsigned perm_kw(const GameState *s, int i) { return s->perm[i].kw; }
static inline int perm_has(const GameState *s, int i, unsigned kw) { return (s->perm[i].kw & kw) != 0; }
static inline int perm_power(const GameState *s, int i) { return s->perm[i].power; }
static inline int perm_toughness(const GameState *s, int i) { return s->perm[i].toughness; }
static inline int perm_is_creature(const GameState *s, int i) { return (s->perm[i].flags & PF_CREATURE) != 0; }
static inline int perm_controller(const GameState *s, int i) { return permset_has(s->perm_ctl[1], i); }
/* Whether permanent i is a creature by an effect, not by its card (a land
 * that "becomes a 3/3 green Ape creature": OP_BECOME, layers.c); its
 * creature type is then in that Floating. */
static inline int perm_became(const GameState *s, int i)
{
    return (s->perm[i].flags & PF_CREATURE) && !(s->cards[s->perm[i].card].types & TYPE_CREATURE);
}
/* Its owner (108.3): in a game without rules text nothing changes control,
 * and the owner is the controller (PermX is not kept there). */
static inline int perm_owner(const GameState *s, int i) { return s->spells ? s->px[i].owner : perm_controller(s, i); }
/* Its controller before any control-changing effect (layer 2 starts from
 * it): the player it entered under (110.2). */
static inline int perm_base_controller(const GameState *s, int i)
{
    return (s->px[i].owner ^ (s->px[i].xflags >> 7)) & 1;
}

/* Power and toughness from the card and the counters alone, and the
 * printed keywords: a permanent's characteristics with no "until end of
 * turn" effect (what cleanup returns it to, 514.2). */
static inline void perm_refresh(GameState *s, int i)
{
    Permanent *q = &s->perm[i];
    const CardDef *d = &s->cards[q->card];
    q->kw = d->keywords;
    q->power = (int16_t)(d->power + q->plus - q->minus);
    q->toughness = (int16_t)(d->toughness + q->plus - q->minus);
}
static inline int perm_is_planeswalker(const GameState *s, int i)
{
    return (s->cards[s->perm[i].card].types & TYPE_PLANESWALKER) != 0;
}

/* The PK_* bits of card d (PermX.abk of a permanent of it). */
static inline uint8_t card_ability_kinds(const CardDef *d)
{
    unsigned k = (d->supertypes & SUPER_LEGENDARY) || (d->types & TYPE_PLANESWALKER) ? PK_LEGEND : 0;
    if ((d->types & TYPE_LAND) && d->produces >= 0) k |= PK_MANA;   /* 305.6: a basic land type's {T} ability */
    for (int j = 0; j < d->n_abilities; j++)
        switch (d->ab[j].kind) {
        case AB_STATIC:
            k |= PK_STATIC | (d->ab[j].cond ? PK_COND : 0u);
            for (int e = 0; e < d->ab[j].n_effects; e++) if (d->ab[j].effect[e].op == OP_CONTROL) k |= PK_CONTROL;
            break;
        case AB_TRIGGERED: k |= PK_TRIGGERED; break;
        case AB_ACTIVATED: case AB_LOYALTY: k |= PK_ACTIVATED; break;
        case AB_MANA:      k |= ability_mana_tap_only(&d->ab[j]) ? PK_MANA : PK_ACTIVATED; break;
        case AB_ENCHANT:   k |= PK_ATTACH; break;
        case AB_EQUIP:     k |= PK_ACTIVATED | PK_ATTACH; break;
        default: break;
        }
    return (uint8_t)k;
}

/* Permanent i's PermX.abk, of card d, and its bits of perm_acts and
 * perm_statics: set as it enters. */
static inline void perm_set_abk(GameState *s, int i, const CardDef *d)
{
    unsigned k = card_ability_kinds(d);
    s->px[i].abk = (uint8_t)k;
    s->perm_acts = (s->perm_acts & ~PERMSET_BIT(i)) | permset_bit_if((k & (PK_ACTIVATED | PK_MANA)) != 0, i);
    s->perm_statics = (s->perm_statics & ~PERMSET_BIT(i)) | permset_bit_if((k & (PK_STATIC | PK_ATTACH)) != 0, i);
}

/* Whether player p's deck holds a nonland card of mana value 0, which a
 * player with no mana can still cast (PL_FREE_SPELLS says so for the game). */
static inline int player_free_spells(const GameState *s, int p)
{
    const Player *pl = &s->pl[p];
    for (int o = 0; o < pl->deck_n; o++) {
        const CardDef *d = &s->cards[pl->deck[o]];
        if (!(d->types & TYPE_LAND) && d->mana_value == 0) return 1;
    }
    return 0;
}

/* Whether damage can't be prevented now (pl_rules: games with rules text). */
static inline int state_no_prevention(const GameState *s) { return (s->pl_rules[0] & PR_NO_PREVENT) != 0; }
/* Whether card d has an ability activated from its owner's graveyard
 * (113.6), and whether player p's deck holds one (PL_GY_ABILITIES). */
static inline int card_gy_abilities(const CardDef *d)
{
    for (int j = 0; j < d->n_abilities; j++)
        if ((d->ab[j].kind == AB_ACTIVATED || d->ab[j].kind == AB_TRIGGERED) && d->ab[j].zone == ZONE_GRAVEYARD) return 1;
    return 0;
}
/* Whether waiting trigger w is an ability of a card in a graveyard (113.6:
 * its card Pending.gy_obj). */
static inline int pend_from_gy(const GameState *s, const Pending *w)
{
    const CardDef *d = &s->cards[w->card];
    return w->ability < d->n_abilities && d->ab[w->ability].kind == AB_TRIGGERED && d->ab[w->ability].zone == ZONE_GRAVEYARD;
}

static inline int player_gy_abilities(const GameState *s, int p)
{
    const Player *pl = &s->pl[p];
    for (int o = 0; o < pl->deck_n; o++) if (card_gy_abilities(&s->cards[pl->deck[o]])) return 1;
    return 0;
}

/* Bitsets of 256 bits over a player's object ids (graveyards, lands). */
static inline int bits256_count(const uint64_t b[4])
{
    return bits64_count(b[0]) + bits64_count(b[1]) + bits64_count(b[2]) + bits64_count(b[3]);
}
static inline int bits256_has(const uint64_t b[4], int i) { return (int)((b[i >> 6] >> (i & 63)) & 1u); }
static inline void bits256_set(uint64_t b[4], int i) { b[i >> 6] |= 1ull << (i & 63); }
static inline void bits256_clear(uint64_t b[4], int i) { b[i >> 6] &= ~(1ull << (i & 63)); }

/* Whether basic lands are permanents in this game (SPELLS_LAND_OBJECTS). */
static inline int state_land_objects(const GameState *s) { return (s->spells & SPELLS_LAND_OBJECTS) != 0; }

/* Player p's basic lands on the battlefield that make color c (tapped only:
 * those tapped), whether counts or, in a game with land objects,
 * permanents (a basic land card's definition: produces >= 0). The policies'
 * view of a player's mana base; a game without land objects reads the
 * counts alone. */
static inline int player_basics(const GameState *s, int p, int c, int tapped_only)
{
    const Player *pl = &s->pl[p];
    int n = tapped_only ? pl->land_tapped[c] : pl->land_n[c];
    if (!state_land_objects(s)) return n;
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        const CardDef *d = &s->cards[s->perm[i].card];
        n += (s->px[i].xflags & PX_LAND) && d->produces == c && (!tapped_only || (s->perm[i].flags & PF_TAPPED));
    }
    return n;
}
/* Player p's basic lands on the battlefield, counts or permanents. */
static inline int player_basics_all(const GameState *s, int p)
{
    int n = s->pl[p].lands_n;
    if (!state_land_objects(s)) return n;
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        n += (s->px[i].xflags & PX_LAND) && s->cards[s->perm[i].card].produces >= 0;
    }
    return n;
}

#endif
