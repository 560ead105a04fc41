"""Places of players busting together (WSOP 2024 rule 126b): at one table the bigger starting
stack places higher, at different tables a bust each ties; the prizes of the shared places
are split to the point."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.tournament.places import Out, finishing_groups, pay


@st.composite
def outs(draw: st.DrawFn) -> list[Out]:
    count = draw(st.integers(1, 8))
    return [
        Out(player=f"p{k}", table=draw(st.integers(1, 3)), started=draw(st.integers(1, 5)))
        for k in range(count)
    ]


@given(outs())
def test_groups_order_each_table_by_starting_stack(busts: list[Out]) -> None:
    groups = finishing_groups(busts)
    rank = {p: k for k, group in enumerate(groups) for p in group}  # 0: the worst place
    assert sorted(rank) == sorted(o.player for o in busts)
    for a in busts:
        for b in busts:
            if a.table == b.table and a.started > b.started:
                assert rank[a.player] > rank[b.player], "more chips at the start places higher"
            if a.table == b.table and a.started == b.started:
                assert rank[a.player] == rank[b.player]
    alone = [o for o in busts if sum(1 for x in busts if x.table == o.table) == 1]
    assert len({rank[o.player] for o in alone}) <= 1, "one bust at each table: they tie"


@given(outs(), st.lists(st.integers(0, 1000), max_size=10))
def test_the_groups_share_exactly_the_prizes_of_their_places(
    busts: list[Out], paid: list[int]
) -> None:
    prizes = sorted(paid, reverse=True)
    worst = len(busts) + 1  # one player is left above them
    total = 0
    for group in finishing_groups(busts):
        finished = pay(group, worst, prizes)
        assert finished.worst == worst and finished.best == worst - len(group) + 1
        assert max(finished.prizes) - min(finished.prizes) <= 1
        total += sum(finished.prizes)
        worst = finished.best - 1
    assert worst == 1
    assert total == sum(prizes[1 : len(busts) + 1])
