"""The AI's explanations (issue 17): plain words that name the order actually declared, say
when a tie was broken on purpose, and mark easy's mistakes as made on purpose."""

from __future__ import annotations

import pytest
from ai_helpers import knowledge_of, view_of
from builders import Cast

from game.ai import make_controller
from game.rules.orders import ActionKind
from game.rules.summary import summarize_order

LEVELS = ("ai:easy", "ai:normal", "ai:hard")


def _duel(seed: int = 0):  # noqa: ANN202
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=6, parry=5)
    cast.add("Foe", (6, 5), "b", facing=6, strike=6)
    return cast, view_of(cast, "Me", later=("Foe",))


@pytest.mark.parametrize("level", LEVELS)
def test_the_headline_names_the_order_declared(level: str) -> None:
    cast, view = _duel()
    controller = make_controller(level, seed=4)
    order = controller.choose_order(view)
    words = controller.last_words  # type: ignore[attr-defined]
    assert words[0].startswith(f"Me declares {summarize_order(view.world, order)}:")
    assert words[1].startswith("→")  # the declared one comes first among the candidates
    assert summarize_order(view.world, order) in words[1]
    strikes = [a for a in order.actions if a.kind is ActionKind.STRIKE]
    if strikes:
        assert "to hit" in words[1] and "Injuries expected" in words[1]


def test_a_tie_is_broken_on_purpose_and_says_so() -> None:
    """Two identical foes placed as mirror images of each other: striking either is worth
    exactly the same, and the explanation says the tie was broken at random."""
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=6)
    cast.add("Upper", (6, 4), "b", facing=6)
    cast.add("Lower", (6, 6), "b", facing=6)
    earlier = {"Upper": cast.order("Upper"), "Lower": cast.order("Lower")}
    chosen = set()
    for seed in range(8):
        controller = make_controller("ai:hard", seed=seed)
        order = controller.choose_order(view_of(cast, "Me", earlier))
        assert "the tie broken at random on purpose" in controller.last_words[0]  # type: ignore[attr-defined]
        chosen |= {a.target for a in order.actions if a.kind is ActionKind.STRIKE}
    assert chosen == {cast["Upper"], cast["Lower"]}  # either, as the seeds fall


def test_a_tie_goes_to_the_most_attacks_and_the_fewest_other_actions() -> None:
    """A Sprint to a tile a walk reaches, with a Parry and nobody near, scores the same as the
    walk (seen in the street battle): the walk is declared, whatever the seed.  Two shots the
    forecast gives nothing tie with one, but may still land (the target, still to declare, may
    step into sight): both are declared.  The explanation says how the tie was broken."""
    import random

    from game.ai.candidates import Candidate
    from game.ai.explain import _tie_words
    from game.ai.scoring import Scored
    from game.rules.orders import Action, Order

    cast = Cast(12, 12)
    cast.add("Me", (1, 1), "a", facing=2)
    cast.add("Foe", (9, 9), "b", facing=6)
    know = knowledge_of(view_of(cast, "Me", later=("Foe",)))
    me, foe = cast["Me"], cast["Foe"]

    def scored(actions: tuple[ActionKind, ...], score: float = -2.58) -> Scored:
        shot = ActionKind.MISSILE_STRIKE
        listed = tuple(Action(kind, foe if kind is shot else None) for kind in actions)
        return Scored(Candidate(Order(me, listed, ((1, 2),), 2), "test"), score=score)

    controller = make_controller("ai:hard", seed=0)

    def pick(valid: list[Scored], seed: int):  # noqa: ANN202
        return controller._pick(valid, valid, know, random.Random(seed))  # type: ignore[attr-defined]

    sprint_parry = scored((ActionKind.SPRINT, ActionKind.PARRY))
    sprint, walk = scored((ActionKind.SPRINT,)), scored(())
    one_shot, two_shots = scored((ActionKind.MISSILE_STRIKE,)), scored((ActionKind.MISSILE_STRIKE,) * 2)
    for seed in range(16):
        decision = pick([sprint_parry, sprint, walk, scored((), -2.71)], seed)
        assert decision.chosen is walk and (decision.tied, decision.busier) == (2, 2)
        assert _tie_words(decision) == "the one with the most attacks and the fewest other actions taken"
        assert pick([walk, one_shot, two_shots], seed).chosen is two_shots
    other_walk = scored(())
    picked = set()
    for seed in range(16):
        decision = pick([sprint, walk, other_walk], seed)
        picked.add(id(decision.chosen))
        assert "one taken at random on purpose" in _tie_words(decision)
    assert picked == {id(walk), id(other_walk)}  # alike in attacks and actions too: at random


def test_a_tie_passes_over_attacks_that_cannot_land() -> None:
    """Strikes at a foe that has declared and stands out of reach have no chance at all in the
    rules' forecast (seen in the ring duel: "Strike on Niles … 0% to hit" declared over a tied
    order without them): they count as other actions, so the plain order is declared."""
    import random

    from game.ai.candidates import Candidate
    from game.ai.scoring import Scored
    from game.rules.orders import Action, Order

    cast = Cast(12, 12)
    cast.add("Me", (1, 1), "a", facing=2, strike=6)
    cast.add("Foe", (9, 9), "b", facing=6)
    know = knowledge_of(view_of(cast, "Me", {"Foe": cast.order("Foe")}))
    me, foe = cast["Me"], cast["Foe"]
    strikes = Scored(
        Candidate(Order(me, (Action(ActionKind.STRIKE, foe), Action(ActionKind.STRIKE, foe))), "t"), score=0.0
    )
    stay = Scored(Candidate(Order(me), "t"), score=0.0)
    controller = make_controller("ai:hard", seed=0)
    for seed in range(8):
        decision = controller._pick([strikes, stay], [strikes, stay], know, random.Random(seed))  # type: ignore[attr-defined]
        assert decision.chosen is stay and decision.busier == 1


@pytest.mark.parametrize("level", LEVELS)
def test_attacks_that_cannot_land_are_left_out_of_the_declared_order(level: str) -> None:
    """A chosen order with Strikes at a foe that has declared and stands out of reach (seen in
    the prone tutorial: "Missile Strike, Called Shot (head) on Dunn … = −4; impossible", the
    plain crawl not among the orders judged again) is declared without them, judged again,
    and the headline says what was left out."""
    from game.ai.candidates import Candidate
    from game.ai.levels import LEVELS as BY_NAME
    from game.ai.scoring import Scored
    from game.rules.orders import Action, Order

    cast = Cast(12, 12)
    cast.add("Me", (1, 1), "a", facing=2, strike=6, parry=5)
    cast.add("Foe", (9, 9), "b", facing=6)
    view = view_of(cast, "Me", {"Foe": cast.order("Foe")})
    know = knowledge_of(view)
    me, foe = cast["Me"], cast["Foe"]
    strike = Action(ActionKind.STRIKE, foe)
    walk = Order(me, (strike, strike), ((2, 2),), 3)
    chosen = Scored(Candidate(walk, "close in"), score=0.0)
    controller = make_controller(level, seed=0)
    lighter = controller._without_dead_attacks(view, know, chosen, BY_NAME[level.removeprefix("ai:")])  # type: ignore[attr-defined]
    assert lighter.candidate.order == Order(me, (), ((2, 2),), 3)
    assert lighter.candidate.tag == "close in, as declared"  # its words say it was changed
    assert "Strike" not in summarize_order(view.world, lighter.candidate.order)


def test_a_declaration_never_carries_an_attack_that_cannot_land() -> None:
    """Seeded rounds of the prone tutorial between two normals (where 21 attacks in 60 bundled
    battles were declared on riflemen already committed out of the pistols' range): no order
    declared by either carries an attack that the rules' forecast, with the orders declared
    before it, gives no chance on a foe that has declared."""
    from game.ai.expect import forecast
    from game.ai.simulate import _roster
    from game.content.battle_setup import build_battle
    from game.content.scenarios import find_scenario
    from game.rules.registry import OFFENSIVE
    from game.session.flow import AwaitResolution, BattleOver, Session

    scenario = find_scenario("tutorial_prone")
    specs = {side.name: "ai:normal" for side in scenario.sides}
    battle, _ = build_battle(scenario, 3015, controllers=specs, roster=_roster(None))
    controllers = {name: make_controller(spec, seed=i) for i, (name, spec) in enumerate(specs.items())}
    session = Session(battle, controllers)
    dropped = 0
    while battle.number <= 8 and not isinstance(step := session.next_step(), BattleOver):
        if isinstance(step, AwaitResolution):
            session.resolve()
            continue
        view = session.view(step.actor)
        controller = session.controller(step.side)
        order = controller.choose_order(view)
        know = knowledge_of(view)
        for fc in forecast(know, {**view.earlier, step.actor: order}, step.actor):
            target = fc.action.target
            if fc.action.kind in OFFENSIVE and target is not None and target in view.earlier:
                assert fc.success > 0, summarize_order(view.world, order)
        dropped += controller.last_decision.dropped  # type: ignore[attr-defined]
        session.submit(order)
    assert dropped, "the seeded rounds never met an attack that cannot land: the test tests nothing"


def test_the_next_rounds_danger_names_who_can_reach_which_arc() -> None:
    """Issue 17's own example, "Omar can reach my back next round: −0.3": the position term's
    danger names the enemy it comes from and the arc of ours it strikes (the facing module's
    word), from the scoring's own parts; facing it, the same blow no longer comes at our back."""
    from game.ai.candidates import Candidate
    from game.ai.explain import reasons
    from game.ai.levels import HARD
    from game.ai.scoring import Scorer
    from game.rules.orders import Order

    cast = Cast(12, 12)
    me = cast.add("Me", (5, 5), "a", facing=2, strike=1, injuries=2)
    foe = cast.add("Foe", (2, 5), "b", facing=2, strike=8)
    know = knowledge_of(view_of(cast, "Me", later=("Foe",)))
    scorer = Scorer(know, HARD)
    words = {}
    for facing in (2, 6, 0):  # east (the Foe at our back), west (facing it), north
        scored = scorer.score(Candidate(Order(me, (), (), facing), "stay"))
        assert [eid for _, eid, _ in scored.dangers] == [foe]
        words[facing] = reasons(know, scored)
        assert f"next round {scored.terms['position']:+.2f}" in words[facing]
    assert "Foe can reach my back next round" in words[2]
    assert "Foe can reach me next round" in words[6]
    assert "Foe can reach my left next round" in words[0]


def test_easy_and_normal_mark_their_mistakes_and_hard_makes_none() -> None:
    marked = {level: 0 for level in LEVELS}
    for seed in range(24):
        _, view = _duel(seed)
        for level in LEVELS:
            controller = make_controller(level, seed=seed)
            controller.choose_order(view)
            headline = controller.last_words[0]  # type: ignore[attr-defined]
            decision = controller.last_decision  # type: ignore[attr-defined]
            name = level.removeprefix("ai:")
            if decision.slip is None:
                assert "on purpose" not in headline
                continue
            marked[level] += 1
            assert f"on purpose ({name})" in headline
            assert decision.chosen is not decision.ranked[0]  # a mistake is never its best
    assert marked["ai:hard"] == 0
    # Easy errs often enough to be beaten, normal now and then, and each says so each time.
    assert marked["ai:easy"] >= 10
    assert 1 <= marked["ai:normal"] < marked["ai:easy"]


def test_a_blunder_is_one_of_the_worse_half_of_the_orders() -> None:
    """Easy's blunders are drawn from the worse half of what it weighed (drawn from all of
    them, half were good orders and easy played little worse than normal)."""
    import random

    from game.ai.levels import EASY
    from game.ai.mistakes import make_mistake
    from game.rules.validate import validate_order

    _, view = _duel()
    know = knowledge_of(view)
    ranked = make_controller("ai:easy", seed=0).rank(know, random.Random(0))  # type: ignore[attr-defined]
    valid = [s for s in ranked if not validate_order(view.world, view.board, s.candidate.order, view.earlier)]
    blunders = 0
    for seed in range(60):
        slip = make_mistake(know, EASY, valid, ranked, random.Random(seed))
        if slip is None or slip.kind != "blunder":
            continue
        blunders += 1
        assert ranked.index(slip.chosen) >= len(ranked) // 2
        assert "one of its worse orders" in slip.words
    assert blunders >= 20


def _walks_away(know, order) -> bool:  # noqa: ANN001
    """Moves without attacking and ends no nearer the foe than it stands (away, or along)."""
    from game.rules.registry import OFFENSIVE

    if any(a.kind in OFFENSIVE for a in order.actions) or not order.path:
        return False
    foe = know.planned(know.enemies[0].eid)
    return know.distance(order.path[-1], foe) >= know.distance(know.me.tile, foe)


def test_a_blunder_does_not_walk_away_from_the_fight_unless_the_side_wins_by_it() -> None:
    """A blunder still has a reason a player sees: it attacks, holds its ground (no move) or
    closes in.
    Drawn from the whole worse half, a third of easy's blunders walked away without
    attacking (a thug sprinting to the map's edge in round 1).  A side that wins by holding
    out may still step back."""
    import random

    from game.ai.levels import EASY, for_stakes
    from game.ai.mistakes import make_mistake
    from game.rules.validate import validate_order
    from game.rules.victory import Victory

    cast = Cast(24, 12)
    cast.add("Me", (10, 5), "a", facing=2, strike=6, parry=5, movement=4)
    cast.add("Foe", (14, 5), "b", facing=6, strike=6)
    view = view_of(cast, "Me", later=("Foe",))
    know = knowledge_of(view)
    ranked = make_controller("ai:easy", seed=0).rank(know, random.Random(0))  # type: ignore[attr-defined]
    valid = [s for s in ranked if not validate_order(view.world, view.board, s.candidate.order, view.earlier)]
    worse = ranked[len(ranked) // 2 :]
    assert any(_walks_away(know, s.candidate.order) for s in worse)  # the premise: there are some

    def blunders(level) -> list:  # noqa: ANN001
        slips = (make_mistake(know, level, valid, ranked, random.Random(seed)) for seed in range(80))
        return [s.chosen.candidate.order for s in slips if s is not None and s.kind == "blunder"]

    eliminating = blunders(EASY)
    assert len(eliminating) >= 20
    assert not any(_walks_away(know, order) for order in eliminating)
    holding_out = for_stakes(EASY, Victory("survive", side="a", rounds=5), "a")
    assert holding_out.keeps_away and not EASY.keeps_away
    assert any(_walks_away(know, order) for order in blunders(holding_out))


def test_simulate_explain_prints_the_same_words(capsys) -> None:  # noqa: ANN001
    from game.cli import main

    assert (
        main(["simulate", "tutorial_feint", "--sides", "ai:hard,ai:easy", "--battles", "1", "--explain"]) == 0
    )
    out = capsys.readouterr().out
    assert " declares " in out and "→" in out and "to hit" in out


def test_an_attack_that_cannot_happen_says_why_in_the_rules_words() -> None:
    """A Strike, without moving, on a foe five tiles away: 0 % to hit, and the words give the
    rules' reason, not only the number; a foe in reach gets a chance and no reason."""
    from game.ai.candidates import Candidate
    from game.ai.explain import reasons
    from game.ai.scoring import DEALT, Scored

    def words_for(foe_at: tuple[int, int]) -> str:
        cast = Cast(20, 12)
        cast.add("Me", (5, 5), "a", facing=2, strike=6)
        cast.add("Foe", foe_at, "b", facing=6, strike=6)
        view = view_of(cast, "Me", later=("Foe",))
        know = knowledge_of(view)
        strike = cast.order("Me", cast.act(ActionKind.STRIKE, "Foe"), facing=2)
        return reasons(know, Scored(Candidate(strike, "stay: strike"), {DEALT: 0.0}))

    far = words_for((10, 5))
    assert "Strike on Foe" in far and "0% to hit (Foe is out of reach)" in far
    near = words_for((6, 5))
    assert "Strike on Foe" in near and "% to hit," in near and "out of reach" not in near


def test_hard_says_on_whom_an_injury_counts_most() -> None:
    """Hard weighs an Injury by how often the fighter's best attack lands (`menace_factors`)
    and says so in one line: the deadliest enemy first with the rules' chance of its blow,
    then itself against its side's mean; normal, which weighs every Injury alike, says
    nothing of it."""
    from game.ai.menace import best_attack_chance

    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=8)
    cast.add("Pal", (2, 2), "a", facing=2, strike=3)
    cast.add("Deadly", (6, 4), "b", facing=6, strike=8)
    cast.add("Feeble", (6, 6), "b", facing=6, strike=3)
    earlier = {"Deadly": cast.order("Deadly"), "Feeble": cast.order("Feeble")}
    view = view_of(cast, "Me", earlier)
    know = knowledge_of(view)
    deadly, feeble = (best_attack_chance(know, know.unit(cast[name])) for name in ("Deadly", "Feeble"))
    assert deadly > feeble
    mean = (deadly + feeble) / 2  # the enemy side's mean; ours is the same two strikes

    hard = make_controller("ai:hard", seed=1)
    hard.choose_order(view)
    [line] = [w for w in hard.last_words if w.startswith("Who counts most")]  # type: ignore[attr-defined]
    assert line.index("on Deadly ×") < line.index("on Feeble ×") < line.index("on me ×")
    assert f"on Deadly ×{deadly / mean:.2f} (best attack {deadly:.0%} unhurt)" in line
    assert f"on Feeble ×{feeble / mean:.2f} (best attack {feeble:.0%} unhurt)" in line
    assert f"on me ×{deadly / mean:.2f} (best attack {deadly:.0%} unhurt)" in line

    normal = make_controller("ai:normal", seed=1)
    normal.choose_order(view)
    assert not any(w.startswith("Who counts most") for w in normal.last_words)  # type: ignore[attr-defined]


def test_a_dodging_fire_with_no_chance_is_declared_for_its_defence() -> None:
    """Seeded rounds of the cover tutorial with Dodging Fire and prone on, two normals (seen
    there: "Dodging Fire on Ivo ×2" at no chance of landing, chosen for the -2 it costs every
    shot at its shooter, declared as a bare "face S" that the scorer put last of its five,
    -0.25 against +0.02): a Dodging Fire that cannot land but keeps its shooter safer is
    declared, not left out as a dead attack (the old code left every one out)."""
    from game.ai.expect import forecast
    from game.ai.simulate import _roster
    from game.content.battle_setup import build_battle
    from game.content.scenarios import find_scenario
    from game.session.flow import AwaitResolution, BattleOver, Session

    scenario = find_scenario("tutorial_cover")
    specs = {side.name: "ai:normal" for side in scenario.sides}
    options = scenario.options.with_module("dodging_fire", True).with_module("prone", True)
    battle, _ = build_battle(scenario, 7363, controllers=specs, options=options, roster=_roster(None))
    controllers = {name: make_controller(spec, seed=i) for i, (name, spec) in enumerate(specs.items())}
    session = Session(battle, controllers)
    kept_for_defence = 0
    while battle.number <= 12 and not isinstance(step := session.next_step(), BattleOver):
        if isinstance(step, AwaitResolution):
            session.resolve()
            continue
        view = session.view(step.actor)
        order = session.controller(step.side).choose_order(view)
        know = knowledge_of(view)
        for fc in forecast(know, {**view.earlier, step.actor: order}, step.actor):
            target = fc.action.target
            dodging = getattr(fc.action.kind, "value", fc.action.kind) == "dodging_fire"
            if dodging and target is not None and target in view.earlier and fc.success == 0:
                kept_for_defence += 1
        session.submit(order)
    assert kept_for_defence, "no Dodging Fire without a chance was declared"


def _reasons_for(order_of, later: tuple[str, ...] = ("Foe",)) -> str:  # noqa: ANN001
    """The words of one candidate: Me at (5, 5) beside Foe at (6, 5), Mate at (6, 6)."""
    from game.ai.candidates import Candidate
    from game.ai.explain import reasons
    from game.ai.scoring import DEALT, Scored

    cast = Cast(20, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=7, agility=4, movement=4)
    cast.add("Foe", (6, 5), "b", facing=6, strike=6)
    view = view_of(cast, "Me", later=later)
    know = knowledge_of(view)
    return reasons(know, Scored(Candidate(order_of(cast), "stay"), {DEALT: 0.0}))


def test_a_retreat_says_its_chance_of_getting_away() -> None:
    """Issue 53: Retreat lines never showed the chance of getting away, though the forecast
    has it; the words open with it, the share of the movement's outcomes that got away."""
    from game.rules.forecast import movement_outcomes

    def retreat(cast: Cast):  # noqa: ANN202
        return cast.order("Me", cast.act(ActionKind.RETREAT), path=((4, 5), (3, 5)))

    words = _reasons_for(retreat)
    cast = Cast(20, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=7, agility=4, movement=4)
    cast.add("Foe", (6, 5), "b", facing=6, strike=6)
    outcomes = movement_outcomes(cast.world, cast.board, cast.ids["Me"], retreat(cast))
    away = sum(float(o.probability) for o in outcomes if o.retreated)
    assert 0 < away < 1
    assert words.startswith(f"Retreat: {away:.0%} to get away"), words


def test_a_called_shot_says_what_its_modifier_buys() -> None:
    """Issue 53: a head Called Shot read "58% to hit" like the plain Strike (right under the
    general-hit ruling, but as if the −3 cost nothing): its words add the chance at the head,
    lower than the chance to hit at all; a plain Strike's words have no such part."""
    from game.rules.called_shots import called_shot

    def at_the_head(cast: Cast):  # noqa: ANN202
        return cast.order("Me", cast.act(ActionKind.STRIKE, "Foe", called_shot("head")), facing=2)

    def plain(cast: Cast):  # noqa: ANN202
        return cast.order("Me", cast.act(ActionKind.STRIKE, "Foe"), facing=2)

    head = _reasons_for(at_the_head)
    hit = int(head.split("% to hit")[0].rsplit(" ", 1)[-1])
    part = int(head.split("% at the head")[0].rsplit(" ", 1)[-1])
    assert 0 < part < hit, head
    assert "at the head" not in _reasons_for(plain)


def test_a_candidates_words_never_call_a_strike_on_a_foe_it_does_not_attack() -> None:
    """Issue 53: the numbered debug line read "strike Yobbo: … Brawling on Yobbo's mate": a
    strike spot chosen for one foe offers attacks on every foe in reach there.  No candidate's
    words say "strike X" unless its order attacks X."""
    from game.ai.candidates import candidates
    from game.ai.levels import HARD
    from game.rules.positions import name_of
    from game.rules.registry import OFFENSIVE

    cast = Cast(14, 10)
    cast.add("Me", (3, 4), "a", facing=2, strike=7, brawling=7, movement=4)
    cast.add("Yobbo", (7, 4), "b", facing=6, strike=5)
    cast.add("Mate", (7, 6), "b", facing=6, strike=5)
    view = view_of(cast, "Me", later=("Yobbo", "Mate"))
    know = knowledge_of(view)
    found = candidates(know, HARD)
    assert any(a.target == cast.ids["Mate"] for c in found for a in c.order.actions if a.kind in OFFENSIVE)
    for cand in found:
        attacked = {
            name_of(cast.world, a.target)
            for a in cand.order.actions
            if a.kind in OFFENSIVE and a.target is not None
        }
        for name in ("Yobbo", "Mate"):
            if f"strike {name}" in cand.tag:
                assert name in attacked, (cand.tag, summarize_order(cast.world, cand.order))
