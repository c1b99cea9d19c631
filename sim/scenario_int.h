/* scenario_int.h: what the scenario runner's files share (sim/scenario*.c),
 * not for other callers: scenario.h is the interface.
 *
 * scenario.c reads the combat fields, runs a combat and prints the result;
 * scenario_json.c holds the typed readers and messages every reader uses;
 * scenario_card.c reads cards (pool names, inline definitions, rules text);
 * scenario_spells_read.c reads the fields of "Spells, abilities and the
 * main phase"; scenario_spells.c runs and prints a scenario that uses them.
 * No rule is decided in any of them: they translate between JSON and the
 * engine. */
#ifndef MTG_SCENARIO_INT_H
#define MTG_SCENARIO_INT_H

#include <stdio.h>
#include <cjson/cJSON.h>
#include "scenario.h"
#include "engine/combat.h"
#include "engine/policy.h"

#define SCN_FILE_MAX   (4 << 20) /* a larger file is not a scenario */
#define SCN_ID_MAX     64        /* ids, NUL included */
#define SCN_FIELD_MAX  160       /* a field path in a message */
#define SCN_ORDER_MAX  64        /* damage_order + blocker_order entries */
#define SCN_ASSIGN_MAX 128       /* assign entries */
#define SCN_SPELL_MAX  64        /* spells entries */
#define SCN_PERM_MAX   (PERM_MAX + SCN_SPELL_MAX) /* permanents at the start, and the cards cast */
#define SCN_CARD_MAX   (2 * DECK_MAX)             /* cards in hands, libraries and graveyards */
#define SCN_TOKEN_DEF_MAX 64      /* definitions of the tokens the file's cards create */
#define SCN_DEF_MAX    (SCN_PERM_MAX + SCN_CARD_MAX + SCN_TOKEN_DEF_MAX) /* card definitions of one file */
#define SCN_TARGETS    8         /* targets of one entry (an engine's item holds ITEM_TARGETS: a
                                    count beyond it is refused as the entry is cast) */
#define SCN_CHOICE_MAX 16        /* answers of one entry's `choices` */

enum { STEP_FS = 0, STEP_REG = 1 };  /* ScnAssign.step */
enum { SCN_OK = SCENARIO_OK, SCN_FAIL = SCENARIO_FAIL, SCN_BAD = SCENARIO_BAD };  /* a file's outcome = exit status */

/* A result's error beyond the engine's MtgError: an entry of `spells` the
 * rules forbid. */
#define SCN_ERR_ILLEGAL_SPELL 100

/* One permanent of the file, resolved: one on the battlefield at the start,
 * or the card a `spells` entry casts (which may become one). */
typedef struct ScnPerm {
    char id[SCN_ID_MAX];  /* the file's name for it ("" for a cast card given none) */
    int  player;          /* controller (a cast card: its caster, who owns it) */
    int  def;             /* its card: index in Scenario.def */
    int  damage;          /* damage marked at the start */
    int  plus, minus;     /* +1/+1 and -1/-1 counters at the start */
    int  loyalty;         /* loyalty counters, or -1 for the card's loyalty */
    int  prevent;         /* prevention shield, damage */
    int  tapped, sick;    /* booleans */
    int  token;           /* a token (no card object) */
    int  attached;        /* perm index of what it is attached to at the start, or -1 */
    int  entry;           /* the `spells` entry that casts it, or -1: on the battlefield at the start */
    int  obj;             /* spells mode: its card object in its owner's deck; OBJ_NONE for a token */
} ScnPerm;

/* A card in a hand, library or graveyard at the start. */
typedef struct ScnCard {
    char id[SCN_ID_MAX];  /* "" when the file names none */
    int  owner;           /* 0 or 1 */
    int  zone;            /* ZONE_HAND, ZONE_LIBRARY or ZONE_GRAVEYARD */
    int  def;             /* its card: index in Scenario.def */
    int  obj;             /* its card object in its owner's deck */
} ScnCard;

/* A target named by the file. */
enum { ST_PERM, ST_PLAYER, ST_CARD, ST_SPELL };
typedef struct ScnTarget {
    int kind;             /* ST_* */
    int v;                /* perm index, player, card index, or spells entry */
} ScnTarget;

/* One entry of `spells`. */
typedef struct ScnSpell {
    int caster;                  /* 0 or 1 */
    int step;                    /* Step: STEP_MAIN1 ... STEP_END_COMBAT */
    int perm;                    /* `card`: the perm index of the card cast; -1 for `activate` */
    int source;                  /* `activate`: the perm index of the permanent; else -1 */
    int ability;                 /* `activate`: the index in its card's abilities (ab[]) */
    int x;                       /* the value of X */
    int respond;                 /* cast while the stack holds the entries before it */
    int n_targets;
    ScnTarget t[SCN_TARGETS];
    int n_trig;                  /* trigger_targets given (0: the engine's default) */
    ScnTarget trig[SCN_TARGETS];
    int many, trig_many;         /* the targets, the trigger's targets, are several of one spec
                                    (engine/targets_many.h): chosen one by one as cast */
    int divide;                  /* `divide` given: 1 for the targets, 2 for trigger_targets */
    int div[SCN_TARGETS];        /* each target's share, in the order of t[] (or trig[]); 0 when the
                                    file gives it none */
    int mana;                    /* `activate` names a mana ability (605): it resolves at once */
    int n_choice;
    int choice[SCN_CHOICE_MAX];  /* `choices`: SCN_CHOICE_YES / _NO, or SCN_CHOICE_COLOR + COLOR_* */
} ScnSpell;

enum { SCN_CHOICE_YES = 1, SCN_CHOICE_NO = 2, SCN_CHOICE_COLOR = 16 };

typedef struct ScnOrder {
    int who;                   /* perm index whose order it is */
    int is_blocker;            /* 0: damage_order (attacker), 1: blocker_order */
    int n;
    int list[SCN_ORDER_MAX];   /* perm indices, in order */
} ScnOrder;

typedef struct ScnAssign {
    int step;                  /* STEP_FS or STEP_REG */
    int source;                /* perm index */
    int n;
    int to[ASSIGN_MAX];        /* perm index, or -1 for the defender */
    int amount[ASSIGN_MAX];
} ScnAssign;

/* A scenario file, read and checked. Indices refer to perm[]. */
typedef struct Scenario {
    const char *file;          /* path as given */
    FILE *msg;                 /* where messages go; NULL: nowhere */
    const char *name;          /* points into root; NULL when absent */
    int edition;               /* Edition */
    int active;                /* attacking player */
    int life[2], poison[2], prevent[2];
    int n_perm;
    ScnPerm perm[SCN_PERM_MAX];
    int n_def;
    CardDef def[SCN_DEF_MAX];  /* the file's cards: the pool the run plays with */
    int n_att;
    int att[PERM_MAX], att_target[PERM_MAX];   /* target: perm index or -1 for the player */
    int n_blk;
    int blk[PAIR_MAX], blk_att[PAIR_MAX];
    int n_ord;
    ScnOrder ord[SCN_ORDER_MAX];
    int n_asg;
    ScnAssign asg[SCN_ASSIGN_MAX];
    const cJSON *expect;       /* points into root; NULL when absent */

    /* Spells, abilities and the main phase. */
    int spells;                /* the file uses that section, or a card with rules text: the
                                  engine runs with the stack (GameState.spells) */
    int main1;                 /* an entry has step main1: the run starts there */
    int n_card;
    ScnCard card[SCN_CARD_MAX];
    int n_spell;
    ScnSpell spell[SCN_SPELL_MAX];
    int objs[2];               /* card objects each player owns at the start */
    Pool inl;                  /* inline cards with rules text, read as the pool reads cards
                                  (def[].ab points into it: it lives until the run is printed) */
    int inl_on;                /* inl is initialized */
    int inl_n;                 /* cards read into inl (each under a name of its own) */
    Ability *tok_ab;           /* the abilities of the cards that create tokens, copied with their
                                  tokens' definitions in def[] (malloc'ed; scn_cards_free) */
    const SubtypeTable *subtypes; /* the names of the cards' subtype ids (scn_subtypes), once every
                                     card is read; NULL when no pool was loaded */
} Scenario;

/* What a run ended with. */
typedef struct Outcome {
    int err;                   /* MtgError that stopped the run, SCN_ERR_ILLEGAL_SPELL, or MTG_OK */
    GameState end;             /* the state at the end (or when it stopped) */
    int had_fs;                /* there was a first-strike damage step */
    GameState after_fs;        /* the state right after it */
    int slot[SCN_PERM_MAX];    /* perm index -> slot (-1: not on the battlefield) */
    /* spells mode */
    int result[SCN_SPELL_MAX]; /* per entry: RES_RESOLVED, RES_FIZZLED, SCN_COUNTERED, or RES_NONE */
    uint32_t ts[SCN_SPELL_MAX];/* per entry: its stack item's timestamp, 0 until cast */
    int died_n, died_fs_n;     /* tokens of the file that died: died[0 .. died_n-1] (died_fs_n of
                                  them by the end of the first-strike step) */
    int died[SCN_PERM_MAX];    /* perm indices */
    int start_slot[SCN_PERM_MAX];     /* each permanent's slot at the start, -1 for none (a token is
                                         found by it and its timestamp) */
    uint32_t start_ts[SCN_PERM_MAX];
    char check[160];           /* debug builds: the first state_check failure, "" if none */
    Deck deck[2];              /* spells mode: each player's card objects (index in Scenario.def);
                                  the states point to them, so they live as long as the states */
    uint8_t lib[2][DECK_MAX];  /* spells mode: each library, top first (likewise) */
} Outcome;

#define SCN_COUNTERED 3        /* Outcome.result: countered by a spell or ability */

/* ---- scenario_json.c: messages and typed readers ---- */

/* Prints "mtgsim scenario: FILE: FIELD: what" to sc->msg; returns -1. */
int scn_bad(const Scenario *sc, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const char *scn_json_kind(const cJSON *v);
void scn_field_key(char *out, const char *path, const char *key);  /* path.key */
void scn_field_idx(char *out, const char *path, int i);            /* path[i] */
int  scn_ci_eq(const char *a, const char *b);
int  scn_edit_distance(const char *a, const char *b);
int  scn_is_integer(const cJSON *v);
const char *scn_int_text(char *buf, size_t n, double v);
int  scn_get_int(const Scenario *sc, const cJSON *obj, const char *key, const char *path,
                 int lo, int hi, int def, int *out);
int  scn_get_bool(const Scenario *sc, const cJSON *obj, const char *key, const char *path,
                  int def, int *out);
int  scn_no_dup_keys(const Scenario *sc, const cJSON *obj, const char *path);
int  scn_only_keys(const Scenario *sc, const cJSON *obj, const char *path, const char *const *allowed);
/* The KW_* bit of a keyword name (702.x, '_' and '-' read as spaces), or -1
 * with the closest name in *closest. */
int  scn_keyword_find(const char *s, const char **closest);
/* Keywords as the result prints them, numbered: k < KW_COUNT is card.h's
 * bit k; SCN_KW_RULE + j the rules ability scn_rule_keyword(j) that is a
 * keyword (hexproof, shroud, flash, fear, intimidate); then the keywords
 * with a parameter, one per quality or land type (702.16a: "Protection
 * from black", from a card type's bit t: "Protection from creatures", from
 * subtype id: "Protection from Demons"; 702.14a: "Swampwalk" of subtype id). */
#define SCN_RULE_KW_N 5
#define SCN_PROT_TYPES 7         /* the card types protection can name (TYPE_LAND .. TYPE_SORCERY) */
enum {
    SCN_KW_RULE = KW_COUNT,
    SCN_KW_PROT_COLOR = SCN_KW_RULE + SCN_RULE_KW_N,        /* + color bit (CB_*, WUBRG) */
    SCN_KW_PROT_TYPE = SCN_KW_PROT_COLOR + 5,                /* + type bit (TYPE_*) */
    SCN_KW_PROT_SUBTYPE = SCN_KW_PROT_TYPE + SCN_PROT_TYPES, /* + subtype id - 1 */
    SCN_KW_WALK = SCN_KW_PROT_SUBTYPE + SUBTYPE_MAX - 1,     /* + subtype id - 1 */
    SCN_KW_N = SCN_KW_WALK + SUBTYPE_MAX - 1
};
#define SCN_KW_NAME_MAX (sizeof "Protection from " + SUBTYPE_NAME_MAX + 2)  /* a plural: "f" to "ves" */
/* A set of keywords (numbered as above). */
typedef struct ScnKwSet { uint64_t w[(SCN_KW_N + 63) / 64]; } ScnKwSet;
static inline void scn_kw_add(ScnKwSet *ks, int k) { ks->w[k / 64] |= 1ull << (k % 64); }
static inline int scn_kw_has(const ScnKwSet *ks, int k) { return (ks->w[k / 64] >> (k % 64)) & 1; }
/* Keyword k's name as printed into out; "" for a subtype id the file's
 * cards do not know. */
const char *scn_keyword_name(const Scenario *sc, int k, char out[SCN_KW_NAME_MAX]);
int  scn_rule_keyword(int j);
/* The number (as above) of a keyword name, compared without regard to
 * case, '_' and '-' read as spaces; or -1 with the closest name in
 * closest. */
int  scn_any_keyword_find(const Scenario *sc, const char *s, char closest[SCN_KW_NAME_MAX]);
int  scn_perm_index(const Scenario *sc, const char *id);
int  scn_card_index(const Scenario *sc, const char *id);
/* Reads obj[key] as the id of a permanent of the file. */
int  scn_get_id(const Scenario *sc, const cJSON *obj, const char *key, const char *path, int *out);
/* Whether id is reserved (it names a player, a recipient or a spell). */
int  scn_reserved_id(const char *id);
/* Reads a new id (field f): a non-empty string, not reserved, not given to
 * anything else in the file; copies it to out. */
int  scn_new_id(const Scenario *sc, const cJSON *id, const char *f, char out[SCN_ID_MAX]);

/* ---- scenario_card.c: cards ---- */

/* Reads a card (a pool name or an inline definition) at path into d; id
 * names it when an inline card has no name. Sets sc->spells when it has
 * abilities or uses the fields of cards with rules text. */
int scn_read_card(Scenario *sc, ScenarioPool *pc, const cJSON *c, const char *path, const char *id, CardDef *d);
/* The table that names the subtype ids of the file's cards: the inline
 * cards' (which extends the default pool's), else the default pool's;
 * NULL when neither was loaded (no card named from the pool, none with
 * rules text). */
const SubtypeTable *scn_subtypes(const Scenario *sc, const ScenarioPool *pc);
/* Frees what reading cards kept (the inline cards' abilities). */
void scn_cards_free(Scenario *sc);
/* Once every card is read: each token a card creates gets a definition
 * of its own in def[] (as the pool makes one). */
int  scn_card_tokens(Scenario *sc, ScenarioPool *pc);

/* ---- scenario_spells_read.c: the fields of the spells section ---- */

/* players[p].hand, .library, .graveyard. */
int scn_read_zones(Scenario *sc, ScenarioPool *pc, const cJSON *po, const char *path, int p);
/* battlefield[k].token and .attached_to (after every permanent is read). */
int scn_read_attachments(Scenario *sc, const cJSON *root);
/* `spells`; then whether the run starts at main1. */
int scn_read_spells(Scenario *sc, ScenarioPool *pc, const cJSON *root);
/* The checks of expect's spells fields (x: expect or after_first_strike). */
int scn_check_expect_spells(Scenario *sc, const cJSON *x, const char *path, int top);

/* ---- scenario.c: steps of the combat both runners share ---- */

int  scn_declare_attackers(const Scenario *sc, const Outcome *o, GameState *s, Game *g);
int  scn_declare_blockers(const Scenario *sc, const Outcome *o, GameState *s, Game *g);
int  scn_damage_step(const Scenario *sc, const Outcome *o, GameState *s, Game *g, int first_strike);
/* Reports "FAIL field: expected W, got G" to sc->msg; returns 1. */
int  scn_differ(const Scenario *sc, const char *field, const cJSON *want, const cJSON *got);

/* ---- scenario_spells.c: the run with spells, and what it prints ---- */

void scn_run_spells(const Scenario *sc, Outcome *o);
/* Adds players, graveyard and permanents as they stand in s (with the
 * section's fields) to r; fs: s is the state after the first-strike step. */
cJSON *scn_state_json_spells(cJSON *r, const Scenario *sc, const Outcome *o, const GameState *s, int fs);
/* Adds `spells` and `zones` to the result r. */
void scn_result_spells(cJSON *r, const Scenario *sc, const Outcome *o);
/* Compares expect.zones and expect.spells; returns the differences. */
int scn_compare_spells(const Scenario *sc, const cJSON *want, const cJSON *result);
/* Compares one expect.permanents.ID field the section adds (keywords as a
 * set); returns the differences, or -1 when key is not one of them. */
int scn_compare_perm_field(const Scenario *sc, const char *field, const cJSON *want, const cJSON *got);

#endif
