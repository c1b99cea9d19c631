/* ability.h: what a card's rules text does, as data.
 *
 * decks/text.c reads MTGJSON's rules text once, sentence by sentence, into
 * Ability records; every game, thread and fork then shares them read-only
 * (a CardDef names its range of them). Nothing here is per-card code: an
 * ability is a kind (spell, activated, mana, triggered, static, loyalty),
 * a cost, its targets, and a short list of effects, each an operation on
 * a selection of objects or players with an amount and a duration. The
 * engine's interpreter (later) runs the effects; layers (613) read the
 * static ones. A sentence the reader cannot express exactly here leaves
 * the card unsupported, with that sentence as the reason. */
#ifndef MTG_ABILITY_H
#define MTG_ABILITY_H

#include <stdint.h>

/* Colors as bits, for filters and card colors (105.1), WUBRG. */
enum { CB_W = 1u << 0, CB_U = 1u << 1, CB_B = 1u << 2, CB_R = 1u << 3, CB_G = 1u << 4 };
/* In a static ability's Filter.colors ("protection from the chosen color"):
 * the color its source's controller chose as it entered (AB_CHOOSE_COLOR,
 * layers.c), no color by itself. */
#define CB_CHOSEN 0x80u

/* Who controls a filtered object, relative to the ability's controller.
 * CTL_NOT_YOU is "you don't control" (any other player, 109.5). */
enum { CTL_ANY, CTL_YOU, CTL_OPP, CTL_NOT_YOU,
       CTL_ATTACHED /* Ability.trig_ctl only: the controller of what the source is attached to */ };

/* Filter.state: conditions on a permanent's status; all listed must hold,
 * but FS_ATTACKING | FS_BLOCKING together mean "attacking or blocking". */
enum {
    FS_TAPPED    = 1u << 0,
    FS_UNTAPPED  = 1u << 1,
    FS_ATTACKING = 1u << 2,
    FS_BLOCKING  = 1u << 3,
    FS_TOKEN     = 1u << 4,
    FS_NONTOKEN  = 1u << 5,
    FS_NAMED     = 1u << 6,  /* has the name of the ability's source ("named ~"); 201.2 */
    FS_BLOCKING_SOURCE = 1u << 7 /* blocks the ability's source ("creature blocking ~") */
};

/* Filter.zone: where the filtered objects are. */
enum { ZONE_BATTLEFIELD, ZONE_STACK, ZONE_GRAVEYARD, ZONE_HAND, ZONE_LIBRARY, ZONE_EXILE };

#define SUBTYPE_NONE 0
/* The basic land types have these ids in every subtype table (decks/text.c's
 * subtype_init: Plains, Island, Swamp, Mountain, Forest), so that the
 * engine knows a filter of other subtypes never matches a basic land. */
#define SUBTYPE_BASIC_LAND_LAST 5
/* A filter's subtype "of the chosen type": the creature type chosen as the
 * filter's source entered (AB_CHOOSE_TYPE; the Floating FL_CHOSEN record). */
#define SUBTYPE_CHOSEN 255
#define FILTER_NO_LIMIT 127    /* power_max, mv_max: no upper limit */
#define FILTER_MV_X     126    /* mv_max of a search of an ability with {X}: "with mana value X or less"
                                  (Citanul Flute), the item's X as it resolves (effect.c) */
#define FILTER_NO_MIN   (-128) /* power_min: no lower limit */
#define FILTER_SUBTYPES 3      /* "Skeleton, Vampire, or Zombie", "a Plains or an Island" */

/* What qualifies: every condition holds (0 in a field means "no
 * condition", except the limits: power_max and mv_max FILTER_NO_LIMIT,
 * power_min FILTER_NO_MIN; decks/text.c's filters start from that). A
 * creature "with flying", "nonblack", "an opponent controls", "other",
 * "tapped", "Goblin", "with power 2 or less". */
typedef struct Filter {
    uint8_t  types;      /* TYPE_* bits: has at least one of them (0: any type) */
    uint8_t  types_not;  /* TYPE_* bits: has none of them ("noncreature", "nonland") */
    uint8_t  colors;     /* CB_* bits: is at least one of them (0: any color) */
    uint8_t  colors_not; /* CB_* bits: is none of them ("nonblack") */
    uint8_t  ctl;        /* CTL_*: who controls it (in a graveyard or hand: who owns it) */
    uint8_t  state;      /* FS_* bits */
    uint8_t  zone;       /* ZONE_* */
    uint8_t  other;      /* 1: not the ability's source ("other", "another") */
    uint8_t  subtype[FILTER_SUBTYPES]; /* has at least one of these subtype ids (decks/text.h's
                                        * table); unused entries SUBTYPE_NONE, all of them: any */
    uint8_t  subtype_not;/* does not have this subtype ("non-Zombie"), or SUBTYPE_NONE */
    uint8_t  supers;     /* SUPER_* bits it must have ("basic land") */
    int8_t   power_max;  /* power at most this (FILTER_NO_LIMIT: any) */
    int8_t   power_min;  /* power at least this ("with power 3 or greater"; FILTER_NO_MIN: any) */
    int8_t   mv_max;     /* mana value at most this (FILTER_NO_LIMIT: any) */
    uint16_t kw;         /* KW_* it must have ("with flying") */
    uint16_t kw_not;     /* KW_* it must not have ("without flying") */
    uint8_t  types_all;  /* TYPE_* bits: has every one of them ("artifact creature"); 0: no condition */
} Filter;

/* What a target may be (115). */
enum {
    TGT_OBJECT,          /* a permanent (or a card or spell, by Filter.zone) matching the filter */
    TGT_PLAYER,          /* a player (Filter.ctl: CTL_OPP for "target opponent") */
    TGT_ANY,             /* "any target": a creature, a player or a planeswalker */
    TGT_PLAYER_OR_PW     /* "target player or planeswalker" */
};

/* TargetSpec.divided */
enum {
    DIV_NONE,            /* each target gets the whole amount */
    DIV_CHOSEN,          /* "divided as you choose": announced on casting, each target at least 1 (601.2d) */
    DIV_EVENLY           /* "divided evenly, rounded down": among the targets still legal as it resolves */
};

#define TARGET_SPEC_MAX 3
#define TARGET_ANY_NUMBER 255  /* TargetSpec.max of "any number of" */

typedef struct TargetSpec {
    Filter  f;           /* what a targeted object must be */
    uint8_t what;        /* TGT_* */
    uint8_t min, max;    /* how many: 1..1, "up to two" 0..2, "any number of" 0..TARGET_ANY_NUMBER */
    uint8_t divided;     /* DIV_*: the damage is divided among these targets */
    uint8_t distinct;    /* "another target": differs from the earlier target specs' choices */
} TargetSpec;

/* An amount: n times a multiplier. */
enum {
    QTY_CONST,           /* n */
    QTY_X,               /* n * X (the value chosen for X) */
    QTY_COUNT,           /* n * the number of objects matching Effect.count */
    QTY_EVENT,           /* n * the triggering event's amount ("that much", "that many") */
    QTY_TARGET_POWER,    /* n * the power of target `Effect.arg` ("equal to its power") */
    QTY_TARGET_TOUGHNESS,/* n * its toughness */
    QTY_HAND_SIZE,       /* n * the cards in the hand of the player the effect acts on */
    QTY_LIFE_LOST,       /* n * the life lost through the previous effect ("the life lost this way") */
    QTY_HALF_LIBRARY,    /* n * half the cards in the library of the player the effect acts on,
                            rounded down */
    QTY_EVENT_TOUGHNESS, /* n * the toughness of the triggering event's object ("its toughness") */
    QTY_COUNT_PLAYER,    /* n * the permanents matching Effect.count (ctl CTL_YOU) that the player the
                            effect acts on controls ("each player loses 1 life for each creature they
                            control") */
    QTY_LIFE_TOTAL,      /* n * the life total of the player the effect acts on ("double target
                            player's life total": gains that much; a negative total, loses) */
    QTY_GREATEST_POWER,  /* n * the greatest power among the permanents matching Effect.count (0: none) */
    QTY_DAMAGE_DEALT,    /* n * the damage the previous effect dealt ("the damage dealt this way") */
    QTY_COUNT_SHARING,   /* static, for each affected creature: n * the other permanents matching
                            Effect.count that share a creature type with it (Coat of Arms) */
    QTY_SACRIFICED_POWER,/* n * the power of the creature sacrificed to cast the spell, as it last
                            existed ("the sacrificed creature's power": Fling) */
    QTY_PREV_MANA_VALUE, /* n * the mana value of the card the previous effect (OP_TOP_TO_HAND) put
                            into a hand ("its mana value"); 0 if none */
    QTY_EVENT_POWER,     /* n * the power of the triggering event's object, now or as it last existed
                            ("it deals damage equal to its power": Warstorm Surge) */
    QTY_MOST_DISCARDED,  /* n * the greatest number of cards a player discarded through the previous
                            effect (OP_DISCARD: "equal to the greatest number of cards a player
                            discarded this way", Jace's Archivist) */
    QTY_SELF_COUNTERS    /* n * the counters of kind Effect.arg2 (COUNTER_*) on the source, or on it as
                            it last existed (608.2h): "for each lore counter on ~" (Mind Unbound),
                            "double the number of +1/+1 counters on ~" (Primordial Hydra) */
};

typedef struct Qty {
    uint8_t kind;        /* QTY_* */
    int8_t  n;           /* the constant or the multiplier (may be negative: -X/-X) */
} Qty;

/* Who or what an effect acts on. */
enum {
    SEL_NONE,            /* nothing: the effect is on the game (an extra turn of "you") */
    SEL_TARGET,          /* the objects or player chosen for target spec `arg` */
    SEL_SELF,            /* the source (the card or permanent whose ability this is) */
    SEL_ATTACHED,        /* the permanent the source (an Aura or Equipment) is attached to */
    SEL_YOU,             /* the ability's controller */
    SEL_OPPONENTS,       /* each opponent */
    SEL_EACH_PLAYER,     /* each player */
    SEL_ALL,             /* every object matching Effect.sel (a set, not targeted) */
    SEL_TARGET_CONTROLLER, /* the controller of target `arg` ("its controller") */
    SEL_TARGET_OWNER,    /* the owner of target `arg` */
    SEL_EVENT_OBJECT,    /* the object of the triggering event ("that creature") */
    SEL_EVENT_PLAYER,    /* the player of the triggering event ("that player") */
    SEL_PREVIOUS,        /* what the previous effect acted on ("those creatures", "them") */
    SEL_TARGET_PLAYER_ALL, /* every object matching Effect.sel that target player `arg` controls
                            (or owns, by Filter.zone): "all artifacts target player owns" */
    SEL_OTHER_PLAYERS,   /* each player other than the ability's controller ("each other player") */
    SEL_ATTACHED_CONTROLLER, /* the controller of the permanent the source is attached to
                            ("its controller" after "enchanted creature") */
    SEL_EVENT_CONTROLLER,/* the controller of the triggering event's object ("that player" of
                            "a creature enters the battlefield under an opponent's control") */
    SEL_TARGET_PLAYER_OWNS,/* every permanent matching Effect.sel that target player `arg` owns
                            ("all artifacts target player owns") */
    SEL_LINKED           /* "the exiled card": the card the source's linked ability exiled (607.2a;
                            a TR_LEAVES trigger's, kept in the trigger: StackItem.ev_player its owner,
                            ev_amount its object id, -1 none) */
};

/* Effect.dur: how long a change lasts. */
enum {
    DUR_NOW,             /* a one-shot effect (damage, destroy, draw) */
    DUR_EOT,             /* until end of turn (514.2) */
    DUR_STATIC,          /* a static ability: while the source is on the battlefield (611.3a) */
    DUR_FOREVER,         /* indefinitely (gain control with no duration) */
    DUR_NEXT_UNTAP,      /* until its controller's next untap step ("doesn't untap during ...") */
    DUR_SOURCE_CONTROLLED, /* for as long as the ability's controller controls the ability's source
                            ("for as long as you control ~"; ends at once if it does not, 611.2b) */
    DUR_TARGET_ENCHANTED, /* for as long as the affected permanent is enchanted ("for as long as that
                            creature is enchanted"; ends at once if it is not, 611.2b) */
    DUR_SOURCE_PRESENT   /* for as long as the ability's source remains on the battlefield ("for as
                            long as Awakener Druid remains on the battlefield", whoever controls it;
                            nothing if it has left as the ability resolves, 611.2b) */
};

/* Effect operations: the families of issue 13's list. */
enum {
    OP_DAMAGE,           /* deal Qty damage to the selection (source: the ability's source; arg2
                            DMG_BY_EVENT: the triggering event's object, "it deals") */
    OP_PUMP,             /* +p/+t (power and toughness, layer 7c) for the duration */
    OP_SET_PT,           /* power and toughness are each Qty (a characteristic-defining ability, layer 7a);
                            with QTY_CONST and a duration: base power and toughness p/t (layer 7b) */
    OP_GRANT,            /* gains keywords `kw` (layer 6) */
    OP_LOSE_KW,          /* loses keywords `kw` (layer 6) */
    OP_RULE,             /* gains a rules ability RULE_* (`arg2`): can't attack, can't block, ...;
                            the keywords beyond card.h's KW_* bits are rules abilities too
                            (hexproof, shroud, flash, fear, landwalk, protection), see RULE_* */
    OP_DESTROY,          /* destroy (EF_NO_REGEN: can't be regenerated) */
    OP_EXILE,            /* on SEL_SELF of a spell: the spell exiles itself as it resolves ("Exile ~.") */
    OP_BOUNCE,           /* return to its owner's hand (from the battlefield, or the zone of the target's filter) */
    OP_TO_LIBRARY,       /* put on top (EF_BOTTOM: bottom) of its owner's library; on a player with
                            EF_CHOOSER: the ability's controller chooses Qty cards of that player's hand
                            and puts them on top of that player's library in an order of its choice
                            (Agonizing Memories) */
    OP_REANIMATE,        /* put onto the battlefield (from a graveyard or hand) under `arg2` = 0 you, 1 its owner;
                            on a player (SEL_YOU ...): that player puts Qty cards matching Effect.sel
                            from its zone (their hand) onto the battlefield (EF_TAPPED: tapped) */
    OP_COUNTER,          /* counter the selected spell (EF_UNLESS_PAY: unless its controller pays Effect.n generic) */
    OP_GAIN_LIFE,
    OP_LOSE_LIFE,
    OP_DRAW,             /* the selected player draws Qty cards */
    OP_DISCARD,          /* the selected player discards Qty cards (EF_RANDOM at random, EF_CHOOSER: you choose, Effect.sel filter);
                            QTY_HAND_SIZE: their hand but for arg2 cards they choose to keep ("discards
                            their hand"; "chooses a card in their hand and discards the rest") */
    OP_MILL,
    OP_SEARCH,           /* search the selected player's library for Qty cards matching Effect.sel, to zone `arg2` (EF_TAPPED) */
    OP_SHUFFLE,
    OP_REORDER_TOP,      /* look at the top Qty cards and put them back in any order */
    OP_PREVENT_NEXT,     /* prevent the next Qty damage to the selection this turn; DUR_STATIC on SEL_YOU:
                            prevent Qty of each damage a source its controller's opponent controls
                            would deal to you (Guardian Seraph; Effect.sel.ctl CTL_OPP) */
    OP_PREVENT_COMBAT,   /* prevent all combat damage this turn */
    OP_PREVENT_ALL,      /* prevent all damage to the selection (for the duration); a static one on
                            SEL_ATTACHED: Effect.arg2's PREVENT_* say which damage; on SEL_NONE (a
                            spell's, this turn): all damage sources of the colors Effect.sel.colors
                            would deal (Luminesce) */
    OP_REGENERATE,       /* a regeneration shield on the selection (701.15) */
    OP_TOKEN,            /* create Qty tokens of Effect.token under the selected player's control */
    OP_COUNTERS,         /* put Qty counters of kind arg2 (COUNTER_*: +1/+1, -1/-1, lore) on the selection */
    OP_TAP,              /* arg2 = 1: "tap or untap", the ability's controller chooses which */
    OP_UNTAP,
    OP_NO_UNTAP,         /* doesn't untap during its controller's untap step (for the duration);
                            DUR_NEXT_UNTAP: arg2 says whose next untap step: 0 its controller's then,
                            1 the ability's controller's ("your"), 2 the player who controls it as
                            the effect happens ("that player's" of "creatures target player controls") */
    OP_CONTROL,          /* the ability's controller gains control (for the duration) */
    OP_EXTRA_TURN,       /* the selected player takes Qty extra turns after this one */
    OP_SACRIFICE,        /* the selected player sacrifices Qty permanents matching Effect.sel;
                            on SEL_SELF: the source's controller sacrifices it */
    OP_ADD_MANA,         /* add Qty mana of the colors in arg2 (CB_*; several bits: one of them;
                            0: colorless {C}) */
    OP_SCRY,             /* the selected player scries Qty (701.18) */
    OP_END_TURN,         /* end the turn (724) */
    OP_BECOME,           /* the selection becomes a creature with Effect.token's power and toughness
                            (base, layer 7b), colors (layer 5), creature subtype (layer 4) and keywords
                            (layer 6), keeping its card types ("It's still a land"), for the duration */
    OP_LOOK_HAND,        /* the ability's controller looks at the selected player's hand */
    OP_REVEAL_TOP,       /* the selected player reveals the top card of their library */
    OP_REVEAL_RANDOM,    /* the selected player reveals a card at random from their hand */
    OP_SHUFFLE_GRAVEYARD,/* the selected player shuffles their graveyard (arg2 = 1: and their hand) into
                            their library */
    OP_GIVE_CONTROL,     /* the player chosen for target spec `arg2` gains control of the selection
                            (for the duration) */
    OP_SKIP_COMBAT,      /* the selected player skips their next combat phase */
    OP_DOUBLE_MANA,      /* the selected player's mana pool: as much again of each type of mana in it
                            ("Double the amount of each type of unspent mana you have": Doubling Cube) */
    OP_SET_COLOR,        /* the selection becomes the colors arg2 (CB_*) instead of its own (layer 5),
                            for the duration */
    OP_DOUBLE_DAMAGE,    /* static on SEL_YOU: a spell matching Effect.sel (ctl CTL_YOU: yours) that would
                            deal damage deals double that damage instead (Fire Servant; 616.1: after
                            the damaged player's preventions) */
    OP_FLIP_COIN,        /* the selected player flips a coin (705): the effects right after it with
                            EF_IF_DONE happen if they win the flip, those with EF_IF_LOST if they lose */
    OP_TOP_TO_HAND,      /* the selected player reveals the top card of their library and puts it into
                            their hand (not a draw: Dark Tutelage) */
    OP_EXILE_TOP,        /* the selected player exiles the top Qty cards of their library; arg2 = 1: again
                            while two or more of the cards exiled at once have the same name
                            (Scalpelexis) */
    OP_PILES,            /* the selected player reveals the top Qty cards of their library, an opponent
                            separates them into two piles, and that player puts one pile (its choice)
                            into their hand and the other into their graveyard (Sphinx of Uthuun) */
    OP_DIG,              /* the selected player looks at the top Qty cards of their library, may put
                            one matching Effect.sel into their hand, and puts the rest on the bottom
                            in any order (Commune with Nature) */
    OP_ADD_SUBTYPE,      /* static: the selection has the subtype Effect.param.subtype[0] in addition to
                            its others (layer 4; SUBTYPE_CHOSEN: "~ is the chosen type in addition to
                            its other types", on SEL_SELF) */
    OP_PAY_MANA,         /* "you may pay {X}{R}": the ability's controller pays its Ability.cost (mana, X
                            chosen as it resolves: StackItem.x, which QTY_X reads after) or declines
                            (EF_OPTIONAL); "If you do, ...": the effects after it with EF_IF_DONE */
    OP_REDIRECT,         /* 614.9, a redirection effect: all damage that would be dealt to the selected
                            player (SEL_YOU) is dealt instead to the creature `arg2` names (REDIRECT_*),
                            by the same source (its deathtouch, lifelink, infect and wither apply
                            there); nothing is redirected while that creature is gone or no creature
                            (damage.c's damage_redirect) */
    OP_COUNT
};

/* Effect.arg2 of OP_REDIRECT: the new recipient. */
enum {
    REDIRECT_ATTACHED,   /* static: the creature the source (an Aura) enchants ("is dealt to enchanted
                            creature instead": Pariah) */
    REDIRECT_SELF_UNBLOCKED /* DUR_EOT, an activated ability's: this turn, the combat damage of unblocked
                            creatures alone, to the source ("All combat damage that would be dealt to
                            you by unblocked creatures this turn is dealt to ~ instead": Kjeldoran
                            Royal Guard; a Floating OP_REDIRECT, state.h) */
};

/* Rules abilities a permanent (or player, or card) can have or be given
 * (OP_RULE's arg2). The keywords card.h has no bit for are here, so that a
 * card's own "Hexproof" and an Aura's "has hexproof" are one thing; those
 * with a parameter read it from Effect.param. */
enum {
    RULE_CANT_ATTACK = 1,
    RULE_CANT_BLOCK,
    RULE_CANT_ATTACK_OR_BLOCK,
    RULE_UNBLOCKABLE,          /* can't be blocked */
    RULE_BLOCK_ANY_NUMBER,     /* can block any number of creatures */
    RULE_MUST_ATTACK,          /* attacks each combat if able */
    RULE_MUST_ATTACK_YOU,      /* attacks the ability's controller (not a planeswalker) if able */
    RULE_LURE,                 /* all creatures able to block it do so */
    RULE_FLASH,                /* 702.8: may be cast any time it could cast an instant (from the hand) */
    RULE_SHROUD,               /* 702.18: can't be the target of spells or abilities (a player: "you have shroud") */
    RULE_HEXPROOF,             /* 702.11: can't be the target of spells or abilities its opponents control */
    RULE_FEAR,                 /* 702.36: can't be blocked except by artifact and/or black creatures */
    RULE_INTIMIDATE,           /* 702.13: ... except by artifact creatures and creatures sharing a color */
    RULE_LANDWALK,             /* 702.14: can't be blocked while the defending player controls a land
                                  of subtype Effect.param.subtype[0] */
    RULE_PROTECTION,           /* 702.16: protection from what matches Effect.param (colors: "from
                                  black"; subtype: "from Demons") */
    RULE_UNCOUNTERABLE,        /* "This spell can't be countered." (functions on the stack) */
    RULE_BLOCK_ONLY_FLYING,    /* "can block only creatures with flying" */
    RULE_UNBLOCKABLE_EXCEPT,   /* can't be blocked except by creatures matching Effect.param */
    RULE_CANT_BE_BLOCKED_BY,   /* can't be blocked by creatures matching Effect.param */
    RULE_ATTACK_ONLY_IF,       /* can't attack unless the defending player controls a permanent
                                  matching Effect.param */
    RULE_NO_ACTIVATE,          /* its activated abilities can't be activated */
    RULE_OPENING_HAND,         /* "If ~ is in your opening hand, you may begin the game with it
                                  on the battlefield" (a Leyline; works from the opening hand) */
    RULE_NOT_ALONE,            /* can't attack or block alone */
    RULE_CANT_CAST,            /* a player: can't cast spells (matching Effect.param: "creature spells") */
    RULE_ASSIGN_AS_UNBLOCKED,  /* "You may have ~ assign its combat damage as though it weren't
                                  blocked" (Rhox): blocked, its controller may assign all of its
                                  combat damage to the player or planeswalker it attacks
                                  (combat.c). In RULE_NO_MAX_HAND's former place: PermX.rules
                                  has bits for the rules below 32 only, which a players' rule
                                  needs none of */
    RULE_HAND_REVEALED,        /* a player: plays with their hand revealed */
    RULE_CANT_LOSE,            /* a player: can't lose the game */
    RULE_CANT_WIN,             /* a player: can't win the game */
    RULE_SHUFFLE_INSTEAD,      /* "If ~ would be put into a graveyard from anywhere, reveal ~ and
                                  shuffle it into its owner's library instead." */
    RULE_MAX_ONE_BLOCKER,      /* can't be blocked by more than one creature */
    RULE_UNTARGETABLE_BY,      /* can't be the target of spells matching Effect.param (zone: stack); with
                                  Effect.param.other, nor of abilities from sources of its colors
                                  ("nongreen spells or abilities from nongreen sources") */
    RULE_BLOCK_EXTRA,          /* can block an additional creature each combat */
    RULE_KEEP_MANA,            /* a player: unspent mana doesn't empty as steps and phases end (500.4) */
    RULE_ONE_SPELL,            /* a player: can't cast more than one spell each turn */
    RULE_LANDS_FROM_GRAVEYARD, /* a player: may play lands from their graveyard */
    RULE_UNTAP_OTHERS_STEP,    /* untaps during each other player's untap step (as well as its own) */
    RULE_CANT_GAIN_LIFE,       /* a player: can't gain life */
    RULE_NO_PREVENTION,        /* damage can't be prevented (on SEL_NONE: all damage in the game) */
    RULE_CAST_AS_FLASH,        /* a player: may cast spells as though they had flash */
    RULE_EXTRA_LAND,           /* a player: may play an additional land on each of their turns */
    RULE_TOP_REVEALED,         /* a player: plays with the top card of their library revealed */
    RULE_CAST_FROM_TOP,        /* a player: may cast spells matching Effect.param from the top of
                                  their library */
    RULE_TAP_ANY_COLOR,        /* has "{T}: Add one mana of any color." (on SEL_ALL "lands you
                                  control": Joiner Adept; the layers give the controller
                                  PR_LANDS_ANY_COLOR, which the payer reads, basic lands included) */
    RULE_NO_MAX_HAND,          /* a player: no maximum hand size */
    RULE_COUNT
};

/* Effect.arg2 of OP_EXILE: EXILE_LINKED, the card it exiles is remembered for the source's
 * linked ability ("When ~ leaves the battlefield, return the exiled card ...", 607.2a) while
 * the source stays on the battlefield (a Floating FL_LINKED, state.h). */
enum { EXILE_PLAIN, EXILE_LINKED };

/* Effect.arg2 of OP_DAMAGE: who deals it. */
enum { DMG_BY_SOURCE, DMG_BY_EVENT };

/* Counter kinds (122.1): OP_COUNTERS's arg2, QTY_SELF_COUNTERS's Effect.arg2. A
 * lore counter is kept in Permanent.loyalty, which only a planeswalker uses
 * otherwise (state.h). */
enum { COUNTER_PLUS, COUNTER_MINUS, COUNTER_LORE };

/* Effect.flags */
enum {
    EF_NO_REGEN   = 1u << 0,  /* "It can't be regenerated." */
    EF_OPTIONAL   = 1u << 1,  /* "you may" */
    EF_RANDOM     = 1u << 2,  /* "at random" */
    EF_BOTTOM     = 1u << 3,  /* the bottom of the library */
    EF_TAPPED     = 1u << 4,  /* onto the battlefield tapped */
    EF_UNLESS_PAY = 1u << 5,  /* "unless its controller pays" Effect.n generic mana */
    EF_CHOOSER    = 1u << 6,  /* the ability's controller chooses (reveal and choose) */
    EF_IF_DONE    = 1u << 7,  /* happens only if the previous effect happened: the rest of one
                                 "you may" clause ("you may search ..., then shuffle") */
    EF_REVEAL     = 1u << 8,  /* the found card is revealed ("search ... for a card, reveal it") */
    EF_NO_PREVENT = 1u << 9,  /* OP_DAMAGE: "The damage can't be prevented." */
    EF_SHUFFLE    = 1u << 10, /* OP_TO_LIBRARY: shuffled into the library, not put on top or bottom
                                 ("Shuffle ~ into its owner's library") */
    EF_DAMAGED_NO_REGEN = 1u << 11, /* OP_DAMAGE: "A creature dealt damage this way can't be
                                 regenerated this turn." */
    EF_END_OF_COMBAT = 1u << 12,/* happens at end of combat this turn (a delayed triggered
                                 ability, 603.7): "sacrifice it at end of combat" */
    EF_IF_LESS_LIFE = 1u << 13, /* happens only if the ability's controller has less life than an
                                 opponent, as it resolves ("If you have less life than an opponent, ...") */
    EF_IF_FEWER   = 1u << 14,   /* happens only if the ability's controller controls fewer permanents
                                 matching Effect.count than an opponent ("If you control fewer
                                 creatures than an opponent, ...") */
    EF_IF_LOST    = 1u << 15,   /* happens only if the ability's coin flip (OP_FLIP_COIN) was lost: "If
                                 you lose the flip, ..." */
    EF_IF_GRAVEYARD = 1u << 16, /* happens only if a graveyard holds Effect.cond_n or more cards, as it
                                 resolves ("If a graveyard has twenty or more cards in it, draw three
                                 cards instead": Visions of Beyond) */
    EF_UNLESS_GRAVEYARD = 1u << 17,/* happens only if no graveyard holds Effect.cond_n or more cards: the
                                 effect a later EF_IF_GRAVEYARD one replaces ("instead", 614.1a) */
    EF_UNLESS_DISCARD = 1u << 18,/* OP_SACRIFICE of the source: "unless you discard a <Effect.sel> card":
                                 the ability's controller may discard one instead (Hidden Horror) */
    EF_IF_NOT_DONE = 1u << 19   /* happens only if the previous effect did not happen: "sacrifice a
                                 creature. If you can't, ..." (Lord of the Pit) */
};

/* Effect.arg2 of a static OP_PREVENT_ALL on SEL_ATTACHED: "Prevent all damage
 * that would be dealt to enchanted creature" (0), and: */
enum {
    PREVENT_DEALT_BY  = 1u << 0, /* "... to and dealt by ...": its damage too (Heart of Light) */
    PREVENT_NONCOMBAT = 1u << 1  /* "all noncombat damage": combat damage is dealt (Magebane Armor) */
};

/* A token's characteristics (111.4). */
typedef struct TokenDef {
    int8_t   power, toughness;
    uint8_t  colors;     /* CB_* */
    uint8_t  types;      /* TYPE_* (creature, artifact creature) */
    uint8_t  subtype;    /* its creature type id (its name too, 111.4) */
    uint8_t  name;       /* a name of its own ("named Wasp": the word's id in the subtype table, 111.4),
                            or 0: its creature type's */
    uint16_t kw;         /* KW_* */
    uint16_t card;       /* the pool index of the token's own definition (decks/pool.c makes one
                            for each token an ability creates; 0 until then) */
} TokenDef;

#define EFFECT_MAX 6

typedef struct Effect {
    uint8_t  op;         /* OP_* */
    uint8_t  who;        /* SEL_*: what it acts on */
    uint8_t  arg;        /* SEL_TARGET / SEL_TARGET_*: the target spec's index; QTY_TARGET_*: likewise */
    uint8_t  arg2;       /* per op: RULE_*, destination, colors of mana, counter kind */
    uint8_t  dur;        /* DUR_* */
    uint8_t  cond_n;     /* EF_IF_GRAVEYARD, EF_UNLESS_GRAVEYARD: how many cards */
    uint32_t flags;      /* EF_* */
    Qty      n;          /* the amount (damage, cards, life, counters, tokens) */
    int8_t   p, t;       /* OP_PUMP: +p/+t (times n when n counts: "+1/+1 for each") */
    uint16_t kw;         /* OP_GRANT / OP_LOSE_KW: keywords */
    Filter   sel;        /* SEL_ALL: the set; OP_SEARCH / OP_DISCARD / OP_SACRIFICE: which cards */
    Filter   param;      /* OP_RULE: the rule's parameter (RULE_PROTECTION's quality,
                            RULE_LANDWALK's land type, RULE_UNBLOCKABLE_EXCEPT's blockers) */
    Filter   count;      /* QTY_COUNT: what is counted */
    TokenDef token;      /* OP_TOKEN */
} Effect;

/* Ability kinds (112.3). */
enum {
    AB_SPELL,            /* an instant's or sorcery's effect, as it resolves */
    AB_ACTIVATED,        /* cost: effect (602) */
    AB_MANA,             /* an activated mana ability (605): no target, makes mana, doesn't use the stack */
    AB_TRIGGERED,        /* when / whenever / at (603) */
    AB_STATIC,           /* continuous effects while on the battlefield (604), Effect.dur = DUR_STATIC */
    AB_LOYALTY,          /* a planeswalker's loyalty ability (606) */
    AB_ENCHANT,          /* "Enchant <filter>" (702.5): the target of the Aura spell and what it may stay on */
    AB_EQUIP,            /* "Equip {N}" (702.6): attach to a creature you control, as a sorcery */
    AB_ETB_TAPPED,       /* enters the battlefield tapped (unless you control one of trig_filter) */
    AB_ETB_COUNTERS,     /* enters the battlefield with effect[0] (OP_COUNTERS on SEL_SELF) on it,
                            when Ability.cond holds (bloodthirst N: COND_OPP_DAMAGED); QTY_X: the X
                            of its spell (cost.x 1: the card's mana cost has {X}), 0 from elsewhere
                            (107.3) */
    AB_CHOOSE_TYPE,      /* "As ~ enters the battlefield, choose a creature type." (614.12): its controller
                            chooses as it enters; the choice is a Floating FL_CHOSEN record (state.h) */
    AB_CHOOSE_COLOR      /* "As ~ enters the battlefield, choose a color." (614.12): likewise, a Floating
                            FL_COLOR record; "protection from the chosen color" names it (CB_CHOSEN) */
};

/* Ability.granted */
enum { GRANT_NONE, GRANT_BECOME, GRANT_ATTACHED };

/* Ability.cond: a condition the ability needs (0: none). */
enum {
    COND_NONE,
    COND_OPP_DAMAGED,    /* an opponent was dealt damage this turn (702.54 bloodthirst) */
    COND_SELF_UNTAPPED,  /* "if ~ is untapped": checked as it triggers and as it resolves (603.4) */
    /* AB_STATIC: "as long as ...", the ability applies only while this holds */
    COND_YOU_CONTROL,    /* you control a permanent matching Ability.trig_filter */
    COND_LIFE_AT_LEAST,  /* your life total is Ability.cond_n or more */
    COND_SELF_ENCHANTED, /* the source is enchanted */
    COND_NO_OPP_DAMAGED, /* no opponent has been dealt damage this turn */
    COND_YOUR_TURN,      /* AB_STATIC: "During your turn, ..." */
    COND_FEWER_THAN,     /* AB_STATIC: fewer than Ability.cond_n permanents matching Ability.trig_filter
                            are on the battlefield ("can't attack unless there are five or more
                            Islands on the battlefield") */
    /* AB_TRIGGERED, intervening "if" clauses (603.4) */
    COND_NO_CREATURES,   /* no creatures are on the battlefield */
    COND_ATTACHED_POWER_AT_LEAST,/* the permanent the source is attached to has power Ability.cond_n
                                    or greater */
    COND_EVENT_HAND_AT_MOST,     /* the event's player has Ability.cond_n or fewer cards in hand
                                    ("if that player has two or fewer cards in hand") */
    COND_SELF_COUNTERS_AT_LEAST, /* AB_STATIC: the source has Ability.cond_n or more +1/+1 counters
                                    ("as long as it has ten or more +1/+1 counters on it") */
    COND_TOP_CARD_COLOR  /* AB_STATIC: the top card of your library is one of the colors of
                            Ability.trig_filter.colors ("as long as the top card of your library is
                            black": Vampire Nocturnus); false while your library is empty */
};

/* Triggers (603.2), what AB_TRIGGERED waits for. */
enum {
    TR_ETB,              /* the source enters the battlefield */
    TR_DIES,             /* the source is put into a graveyard from the battlefield */
    TR_ATTACKS,          /* the source attacks */
    TR_BLOCKS,           /* the source blocks */
    TR_BLOCKED,          /* the source becomes blocked */
    TR_COMBAT_DAMAGE_PLAYER, /* the source deals combat damage to a player */
    TR_UPKEEP,           /* at the beginning of upkeep (Ability.trig_ctl: whose) */
    TR_END_STEP,         /* at the beginning of the end step */
    TR_CAST,             /* a player (trig_ctl) casts a spell matching trig_filter */
    TR_GAIN_LIFE,        /* you gain life */
    TR_OTHER_ETB,        /* a permanent matching trig_filter enters (trig_filter.other: another
                            than the source; trig_filter.ctl: under whose control) */
    TR_OTHER_DIES,       /* a creature matching trig_filter dies (trig_filter.other: another) */
    TR_BECOMES_TARGET,   /* the source becomes the target of a spell or ability */
    TR_DAMAGE_OPPONENT,  /* the source deals damage to an opponent (that player: the event's) */
    TR_DRAW,             /* a player (trig_ctl) draws a card (that player: the event's) */
    TR_DISCARD,          /* a player (trig_ctl) discards a card (that player: the event's) */
    TR_BLOCKS_CREATURE,  /* the source blocks a creature: once per creature (that creature: the event's) */
    TR_BLOCKED_BY_CREATURE, /* the source becomes blocked by a creature: once per blocker */
    TR_TAP_LAND,         /* a player (trig_ctl) taps a land for mana (that player: the event's) */
    TR_DRAW_STEP,        /* at the beginning of a player's (trig_ctl) draw step */
    /* the permanent the source (an Aura or Equipment) is attached to, as that object of the event: */
    TR_ATTACHED_ATTACKS,     /* it attacks */
    TR_ATTACHED_BLOCKS,      /* it blocks */
    TR_ATTACHED_DIES,        /* it dies */
    TR_ATTACHED_DEALS_DAMAGE,/* it deals damage (QTY_EVENT: the amount) */
    TR_ATTACHED_COMBAT_DAMAGE_PLAYER, /* it deals combat damage to a player (that player: the event's) */
    TR_ATTACHED_BECOMES_TARGET, /* it becomes the target of a spell or ability */
    TR_DAMAGED_CREATURE_DIES,/* a creature dealt damage by the source this turn dies */
    TR_BECOMES_TARGET_BY,    /* the source becomes the target of a spell or ability a player (trig_ctl)
                                controls (the event's object: that spell or ability) */
    TR_OTHER_TAPPED,         /* a permanent matching trig_filter becomes tapped */
    TR_ATTACHED_TAPPED,      /* the permanent the source is attached to becomes tapped */
    TR_DEALT_DAMAGE,         /* the source is dealt damage (the event's player: the controller of the
                                damage's source; QTY_EVENT: the amount) */
    TR_OTHER_ATTACKS,        /* a creature matching trig_filter attacks (trig_filter.ctl CTL_OPP: an
                                opponent's, attacking you or a planeswalker you control; the event's
                                object: that creature) */
    TR_PLAYER_NONCOMBAT_DAMAGE,/* a player (trig_ctl) is dealt noncombat damage (that player: the
                                event's; QTY_EVENT: the amount) */
    TR_LEAVES,               /* the source leaves the battlefield, for any zone (603.6c; looks back in
                                time, 603.10a) */
    TR_OPP_DAMAGED_BY          /* an opponent is dealt damage by a source matching trig_filter (its card
                                types and colors; ctl CTL_YOU: one you control): with Ability.zone
                                ZONE_GRAVEYARD, of a card in its owner's graveyard (Chandra's Phoenix:
                                stack.c's trigger_gy_damage) */
};

/* Ability.timing bits: restrictions on activating. */
enum {
    TM_SORCERY  = 1u << 0,  /* only as a sorcery (307.1) */
    TM_ONCE     = 1u << 1,  /* only once each turn */
    TM_UPKEEP   = 1u << 2,  /* only during your upkeep */
    TM_TWICE    = 1u << 3,  /* no more than twice each turn */
    TM_YOUR_TURN = 1u << 4, /* only during your turn */
    TM_ATTACKING = 1u << 5  /* only while the source is attacking ("Activate only if ~ is attacking") */
};

typedef struct Cost {
    uint8_t generic;          /* {N} */
    uint8_t color[6];         /* colored and {C} symbols by COLOR_* */
    uint8_t x;                /* {X} symbols (the X is chosen on casting or activating) */
    uint8_t tap;              /* {T} */
    uint8_t untap;            /* {Q} */
    uint8_t sac_self;         /* sacrifice the source */
    uint8_t sac_n;            /* sacrifice this many permanents matching sac (besides the source) */
    uint8_t discard_n;        /* discard this many cards matching discard */
    uint8_t life;             /* pay N life */
    int8_t  loyalty;          /* loyalty abilities: +N or -N ([-X]: x set) */
    uint8_t remove_counters;  /* remove N +1/+1 counters from the source */
    uint8_t exile_self;       /* exile the source */
    uint8_t x_colors;         /* CB_*: X may be paid only with mana of these colors ("Spend only
                                 black mana on X"); 0: any mana */
    uint8_t per_target;       /* AB_SPELL: costs {N} more for each target beyond the first (Fireball) */
    uint8_t exile_gy;         /* exile this many cards from your graveyard, each your choice as the
                                 cost is paid (602.2b: Grim Lavamancer) */
    Filter  sac;              /* what may be sacrificed */
    Filter  discard;          /* what may be discarded */
} Cost;

typedef struct Ability {
    uint8_t    kind;          /* AB_* */
    uint8_t    trigger;       /* AB_TRIGGERED: TR_* */
    uint8_t    trig_ctl;      /* AB_TRIGGERED: whose upkeep, cast, ... (CTL_*) */
    uint8_t    timing;        /* TM_* */
    uint8_t    cond;          /* COND_*: AB_ETB_COUNTERS, AB_TRIGGERED (an intervening "if") */
    uint8_t    zone;          /* AB_ACTIVATED: ZONE_* the source is in when it can be activated
                                 (ZONE_BATTLEFIELD, or ZONE_GRAVEYARD: "Return ~ from your graveyard");
                                 AB_TRIGGERED: ZONE_GRAVEYARD, it triggers while its card is in its
                                 owner's graveyard (113.6: Chandra's Phoenix, Squee) */
    uint8_t    n_targets;
    uint8_t    n_effects;
    Filter     trig_filter;   /* TR_CAST, TR_OTHER_*: what triggers it; AB_ENCHANT: what it enchants;
                                 AB_ETB_TAPPED: lands any of which untaps it ("unless you control");
                                 COND_YOU_CONTROL, COND_FEWER_THAN: the permanents counted;
                                 COND_TOP_CARD_COLOR: the colors (colors alone) */
    Cost       cost;          /* AB_ACTIVATED, AB_MANA, AB_LOYALTY, AB_EQUIP; AB_SPELL: additional cost;
                                 AB_TRIGGERED: the mana of its OP_PAY_MANA ("you may pay {1}{G}") */
    TargetSpec target[TARGET_SPEC_MAX];
    Effect     effect[EFFECT_MAX];
    uint8_t    granted;       /* AB_ACTIVATED, GRANT_*: GRANT_BECOME, the permanent has it only while
                                 its own OP_BECOME effect makes it a creature ("becomes a 1/1 black
                                 Skeleton creature with '{B}: Regenerate this creature.'": layer 6;
                                 perm_became); GRANT_ATTACHED, an Aura's: the creature it enchants has
                                 it, and is its source ("Enchanted creature has '{1}{G}: Regenerate
                                 this creature.'", 613.1f); 0 the permanent's own */
    int8_t     cond_n;        /* COND_LIFE_AT_LEAST: the life total; COND_ATTACHED_POWER_AT_LEAST: the power;
                                 COND_FEWER_THAN: the number */
} Ability;

/* Whether mana ability a's only cost is {T} (605.1a): the payer activates
 * those while paying (mana.c, 605.3b); the others (a sacrifice, a mana
 * cost: Chromatic Star, Composite Golem) are actions a player takes with
 * priority (605.3a), their mana going to the pool. */
static inline int ability_mana_tap_only(const Ability *a)
{
    const Cost *c = &a->cost;
    return a->kind == AB_MANA && c->tap && !c->generic && !c->sac_self && !c->sac_n && !c->x && !c->life &&
           !c->exile_self && !c->remove_counters && !c->discard_n && !c->untap && !c->color[0] && !c->color[1] &&
           !c->color[2] && !c->color[3] && !c->color[4] && !c->color[5];
}

#endif
