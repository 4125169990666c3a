"""The clinician review web application (``physassist review``; docs/review.md).

:func:`create_review_app` serves one page (``review_files/review.html``: inline CSS and
JavaScript, no network) and a small JSON API over a dataset folder:

* ``GET /api/meta``: dataset, fingerprint, the fixed reviewer (``--reviewer``) if any, the
  filter values (scenarios, tiers, topics);
* ``GET /api/queue``: the queue (:func:`physassist_env.dataset.review.queue`) with the
  filters ``scenario``, ``tier``, ``topic``, ``state`` (``todo``, ``none``, ``partial``,
  ``reviewed``), ``flagged`` (``1``: flagged by the audit) and ``per_cell``;
* ``GET /api/session/{id}?reviewer=R``: one session for review: situation, per turn the
  request and gold answer (EN and ZH), the rubric items with weight and check, the chart
  rows each item rests on as the chart shows them at the session date (the record store's
  own one-line rendering, :func:`physassist_env.ehr.render.render_resource`; a row the date
  gate hides is marked so), the record facts and the patient's persona, and the reviewer's
  current judgements;
* ``POST /api/review``: one judgement, appended durably
  (:func:`physassist_env.dataset.review.append_review`) before the answer; 422 for a
  judgement that names no item of the session.

Gold is shown here on purpose: this application is for clinicians, never for an agent.
Access is the guard's (:class:`physassist_env.server.guard.RequestGuard`): loopback by
default, a token (as a Basic password in the browser) for any other interface.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from physassist_env.dataset.loader import load_record, load_sessions, read_manifest
from physassist_env.dataset.review import (
    Review,
    append_review,
    audit_flags,
    current_reviews,
    dataset_fingerprint,
    item_hash,
    now,
    queue,
    read_reviews,
    review_files,
)
from physassist_env.ehr.render import render_resource
from physassist_env.ehr.store import FhirStore
from physassist_env.scenarios.model import RubricItem, Session, Turn
from physassist_env.server.guard import RequestGuard

log = logging.getLogger(__name__)

PAGE = Path(__file__).parent / "review_files" / "review.html"
#: Patient stores kept in memory (a reviewer moves on; a record can be large).
STORES_KEPT = 8


class ReviewData:
    """A dataset folder under review: its sessions, patient records on demand, reviews."""

    def __init__(
        self,
        folder: str | Path,
        *,
        reviewer: str | None = None,
        flagged: str | Path | None = None,
    ):
        manifest = read_manifest(folder)
        self.folder = Path(str(manifest.path))
        self.name = self.folder.name
        self.fingerprint = dataset_fingerprint(manifest.sha256)
        self.mimic_derived = manifest.mimic_derived
        self.sessions: dict[str, Session] = {
            s.session_id: s for s in load_sessions(self.folder, None)
        }
        self.reviewer = reviewer
        self.flags = audit_flags(flagged, self.sessions) if flagged else {}
        self._stores: OrderedDict[str, FhirStore] = OrderedDict()

    def reviews(self) -> list[Review]:
        """Every review line of the folder (all reviewers), read now."""
        return read_reviews(review_files(self.folder))

    def store(self, session: Session) -> FhirStore:
        """The record store of a session's patient (a few kept)."""
        store = self._stores.get(session.patient_id)
        if store is None:
            record = load_record(self.folder, session.patient_id, session.split)
            store = FhirStore.from_records([record])
            self._stores[session.patient_id] = store
            while len(self._stores) > STORES_KEPT:
                self._stores.popitem(last=False)
        self._stores.move_to_end(session.patient_id)
        return store

    # ------------------------------------------------------------ session view
    def session_view(self, session_id: str, reviewer: str | None) -> dict[str, Any]:
        """The JSON of one session for review (see the module docstring).

        Raises:
            KeyError: For an unknown session.
        """
        s = self.sessions[session_id]
        store = self.store(s)
        view = store.view(s.patient_id, s.current_date)
        mine = {
            (r.turn, r.item or ""): r.model_dump()
            for r in current_reviews(self.reviews())
            if r.session_id == session_id and r.reviewer == reviewer
        }
        return {
            "session_id": s.session_id,
            "patient_id": s.patient_id,
            "hadm_id": s.hadm_id,
            "current_date": s.current_date,
            "scenario": s.scenario.value,
            "tier": s.tier.value,
            "split": s.split,
            "source": s.source,
            "situation": s.situation.model_dump(),
            "persona": s.persona,
            "flagged": sorted(self.flags.get(s.session_id, ())),
            "turns": [self._turn(t, store, view, mine) for t in s.turns],
        }

    def _turn(
        self, t: Turn, store: FhirStore, view: Any, mine: dict[Any, Any]
    ) -> dict[str, Any]:
        return {
            "index": t.index,
            "topic": t.topic,
            "task_type": t.task_type.value,
            "decision": t.decision,
            "request": t.request.model_dump(),
            "request_explicit": t.request_explicit.model_dump(),
            "gold_answer": t.gold_answer.model_dump(),
            "gold_actions": [c.model_dump() for c in t.gold_actions],
            "record_facts": t.record_facts,
            "answer_evidence": [
                {
                    "claim": p.claim,
                    "rows": [self._row(e, store, view) for e in p.evidence],
                }
                for p in t.answer_provenance
            ],
            "review": mine.get((t.index, "")),
            "items": [self._item(t, i, store, view, mine) for i in t.rubric],
        }

    def _item(
        self,
        t: Turn,
        item: RubricItem,
        store: FhirStore,
        view: Any,
        mine: dict[Any, Any],
    ) -> dict[str, Any]:
        prov = item.provenance
        return {
            "id": item.id,
            "hash": item_hash(item),
            "criterion": item.criterion.model_dump(),
            "points": item.points,
            "critical": item.critical,
            "tags": item.tags,
            "kind": item.check.kind,
            "check": item.check.model_dump(mode="json"),
            "value": getattr(item.check, "value", None),
            "basis": prov.basis if prov else None,
            "evidence": [
                self._row(e, store, view) for e in (prov.evidence if prov else [])
            ],
            "review": mine.get((t.index, item.id)),
        }

    @staticmethod
    def _row(e: Any, store: FhirStore, view: Any) -> dict[str, Any]:
        rtype, _, rid = e.resource.partition("/")
        res = view.read(rtype, rid)
        shown = render_resource(res) if res is not None else ""
        hidden = ""
        if res is None:
            entry = store.entry(rtype, rid)
            hidden = (
                "not in the chart at the session date"
                if entry is not None
                else "not in the patient's record"
            )
            if entry is not None:
                shown = render_resource(entry.resource)
        return {
            "resource": e.resource,
            "table": e.table,
            "row": e.row,
            "time": e.time,
            "value": e.value,
            "unit": e.unit,
            "text": e.text,
            "chart": shown,
            "problem": hidden,
        }

    # ---------------------------------------------------------------- writes
    def record(self, body: dict[str, Any]) -> Review:
        """Validate and append one judgement; the stored review.

        Raises:
            ValueError: For a judgement that is not valid or names no item of the session.
        """
        if not isinstance(body, dict):
            raise ValueError("send a JSON object")
        fields = dict(body)
        if self.reviewer:
            fields["reviewer"] = self.reviewer
        session = self.sessions.get(str(fields.get("session_id", "")))
        if session is None:
            raise ValueError(f"no session {fields.get('session_id')!r} in this dataset")
        turn = next((t for t in session.turns if t.index == fields.get("turn")), None)
        if turn is None:
            raise ValueError(
                f"session {session.session_id} has no turn {fields.get('turn')!r}"
            )
        item_id = fields.get("item")
        if item_id is None:
            if (
                fields.get("verdict") is not None
                or fields.get("correction") is not None
            ):
                raise ValueError(
                    "a turn judgement has 'fits' only; verdicts are per item"
                )
            fields["item_hash"] = ""
        else:
            item = next((i for i in turn.rubric if i.id == item_id), None)
            if item is None:
                raise ValueError(f"turn {turn.index} has no item {item_id!r}")
            if fields.get("fits") is not None:
                raise ValueError("'fits' is a turn judgement; send it without 'item'")
            fields["item_hash"] = item_hash(item)
        fields["time"] = now()
        fields["dataset"] = self.fingerprint
        try:
            review = Review.model_validate(fields)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ()))
            raise ValueError(f"{where}: {first['msg']}") from None
        append_review(self.folder, review)
        return review


def create_review_app(
    data: ReviewData,
    *,
    allowed_hosts: set[str] | None = None,
    token: str | None = None,
) -> Any:
    """The review application behind the guard (``allowed_hosts=None``: any Host, for tests)."""
    page = PAGE.read_text(encoding="utf-8")
    topics = sorted({t.topic for s in data.sessions.values() for t in s.turns})

    async def index(_: Request) -> HTMLResponse:
        return HTMLResponse(page, headers={"cache-control": "no-store"})

    async def meta(_: Request) -> JSONResponse:
        sessions = data.sessions.values()
        return JSONResponse(
            {
                "dataset": data.name,
                "fingerprint": data.fingerprint,
                "reviewer": data.reviewer,
                "mimic_derived": data.mimic_derived,
                "scenarios": sorted({s.scenario.value for s in sessions}),
                "tiers": sorted({s.tier.value for s in sessions}),
                "topics": topics,
                "audit": bool(data.flags),
                "sessions": len(data.sessions),
            }
        )

    async def get_queue(request: Request) -> JSONResponse:
        q = request.query_params
        try:
            per_cell = int(q.get("per_cell") or 0)
        except ValueError:
            return JSONResponse(
                {"detail": "per_cell is a whole number"}, status_code=400
            )
        rows = queue(
            list(data.sessions.values()),
            data.reviews(),
            scenario=q.get("scenario", ""),
            tier=q.get("tier", ""),
            topic=q.get("topic", ""),
            state=q.get("state", ""),
            flagged=data.flags,
            only_flagged=q.get("flagged") == "1",
            per_cell=max(0, per_cell),
        )
        return JSONResponse({"sessions": rows})

    async def get_session(request: Request) -> JSONResponse:
        sid = request.path_params["session_id"]
        reviewer = data.reviewer or request.query_params.get("reviewer") or None
        try:
            return JSONResponse(data.session_view(sid, reviewer))
        except KeyError:
            return JSONResponse({"detail": f"no session {sid!r}"}, status_code=404)

    async def post_review(request: Request) -> JSONResponse:
        try:
            review = data.record(await request.json())
        except ValueError as exc:
            return JSONResponse({"detail": str(exc)}, status_code=422)
        return JSONResponse({"saved": review.model_dump()})

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/meta", meta),
            Route("/api/queue", get_queue),
            Route("/api/session/{session_id:str}", get_session),
            Route("/api/review", post_review, methods=["POST"]),
        ]
    )
    return RequestGuard(
        app,
        allowed_hosts=allowed_hosts,
        token=token,
        max_body=64_000,
        what="physassist review",
        basic=True,
    )
