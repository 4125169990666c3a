"""``heuristic``: a rule-based, non-LLM baseline that really uses the tools.

Per physician request (EN or ZH) it

1. decides the intent with keyword rules (:func:`heuristic_rules.interpret`), resolving
   implicit follow-ups ("And the sodium?", "Is it still rising?", "Given all that, should
   the lisinopril continue?") against the labs and drugs of the earlier requests;
2. calls plausible tools, several per step (a first step fetches the admission date
   when a date range is needed and it is not yet known);
3. answers from what the tools returned: the latest value with unit, date and flag word,
   first vs latest for trends, a simple rule-based recommendation (e.g. potassium above
   5.0 on an ACE inhibitor: hold), clinical scores from :mod:`physassist_env.clinical.scores`,
   and the patient's own words for interview turns.

It is stateless between steps (everything is re-derived from the chat), deterministic,
and never sees gold data: it is not privileged, so the runner never gives it
``context["gold_session"]``, and it reads no dataset or grading internals.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

from physassist_env.agents import heuristic_rules as H
from physassist_env.agents.base import BaseAgent, register_agent
from physassist_env.clinical import scores
from physassist_env.scenarios.vocab import (
    ANTIBIOTICS,
    LABS,
    SAFETY_PAIRS,
    antibiotic_of,
    drug_class_of,
)

_FLAG = {
    "H": ("high", "偏高"),
    "HH": ("critically high", "危急偏高"),
    "L": ("low", "偏低"),
    "LL": ("critically low", "危急偏低"),
    "A": ("abnormal", "异常"),
    "": ("normal", "正常"),
}
_TREND = {
    "rising": ("rising", "上升"),
    "falling": ("falling", "下降"),
    "stable": ("stable", "平稳"),
}
_NEEDS_ADMISSION = {
    "labs_trend",
    "diagnoses",
    "cultures",
    "infection",
    "antibiotics_given",
    "discharge_meds",
    "treatment_response",
    "cha2ds2vasc",
    "child_pugh",
}
_SERVICE_ZH = {en: zhs[0] for en, zhs, _ in H.SERVICES} | {"medicine": "内科"}


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _is_request(msg: dict[str, Any]) -> bool:
    content = str(msg.get("content") or "")
    return msg.get("role") == "user" and not content.startswith(("ERROR", "NOTE"))


class HeuristicAgent(BaseAgent):
    """Keyword intents, plausible tool calls, answers composed from parsed tool output."""

    privileged = False

    # ------------------------------------------------------------------ protocol
    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """The next tool calls of the open request, or the answer once they have all run."""
        self._style = (
            "underscore"
            if any(_tool_name(t) == "Observation_search" for t in tools or [])
            else "dotted"
        )
        starts = [i for i, m in enumerate(messages) if _is_request(m)]
        if not starts:
            return self._say("How can I help with this patient?", "请问需要我做什么？")
        start = starts[-1]
        memory: list[H.Intent] = []
        for i in starts[:-1]:
            memory.append(H.interpret(str(messages[i]["content"]), memory))
        intent = H.interpret(str(messages[start]["content"]), memory)
        before, turn = messages[:start], messages[start + 1 :]
        admission = self._admission(messages)
        stages = self._stages(
            intent, admission_known=self._admission(before) is not None
        )
        done = sum(
            1 for m in turn if m.get("role") == "assistant" and m.get("tool_calls")
        )
        results = self._results(turn)
        self._turn_results = results
        step = done
        for stage in stages:
            calls = stage(intent, admission, results)
            if (
                not calls
            ):  # nothing to do at this stage (e.g. no lab to read before a write)
                continue
            if done == 0:
                return self._calls(calls, len(starts) - 1, step)
            done -= 1
        return self._answer(intent, admission, results)

    # ------------------------------------------------------------------ helpers
    @property
    def lang(self) -> str:
        """The session's language."""
        return "zh" if self.context.get("language") == "zh" else "en"

    def _say(self, en: str, zh: str) -> str:
        return zh if self.lang == "zh" else en

    def _calls(
        self, calls: list[tuple[str, str, dict[str, Any]]], turn: int, step: int
    ) -> dict[str, Any]:
        out = []
        for k, (key, name, args) in enumerate(calls):
            shown = name.replace(".", "_") if self._style == "underscore" else name
            out.append(
                {
                    "id": f"hx{turn}_{step}_{k}__{key}",
                    "type": "function",
                    "function": {
                        "name": shown,
                        "arguments": json.dumps(args, ensure_ascii=False),
                    },
                }
            )
        return {"role": "assistant", "content": "", "tool_calls": out}

    @staticmethod
    def _results(turn: list[dict[str, Any]]) -> dict[str, str]:
        """Tool results of this request by call key (``lab:potassium``, ``micro``...)."""
        out: dict[str, str] = {}
        for m in turn:
            if m.get("role") != "tool":
                continue
            cid = str(m.get("tool_call_id") or "")
            key = cid.split("__", 1)[1] if "__" in cid else str(m.get("name") or "")
            out[key] = str(m.get("content") or "")
        return out

    def _admission(self, messages: list[dict[str, Any]]) -> str | None:
        for m in reversed(messages):
            if (
                m.get("role") == "tool"
                and str(m.get("name", "")).replace("_", ".") == "Encounter.search"
                and not str(m.get("content", "")).startswith("ERROR")
            ):
                found = H.parse_admission(
                    str(m["content"]), str(self.context.get("hadm_id") or "")
                )
                if found:
                    return found
        return None

    # ------------------------------------------------------------------ planning
    def _stages(self, intent: H.Intent, *, admission_known: bool) -> list[Any]:
        stages: list[Any] = []
        if intent.kind in _NEEDS_ADMISSION and not admission_known:
            stages.append(lambda i, a, r: [("enc", "Encounter.search", {})])
        stages.append(self._reads)
        if intent.kind in ("flag", "consult", "followup", "replace_potassium"):
            stages.append(self._writes)
        return stages

    def _reads(
        self, intent: H.Intent, adm: str | None, results: dict[str, str]
    ) -> list[tuple[str, str, dict[str, Any]]]:
        since = {"date_from": adm} if adm else {}
        k = intent.kind
        calls: list[tuple[str, str, dict[str, Any]]] = []

        def lab(key: str, **extra: Any) -> None:
            if key in LABS:
                calls.append(
                    (
                        f"lab:{key}",
                        "Observation.search",
                        {"code": LABS[key].en, **extra},
                    )
                )

        def med(drug: str | None) -> None:
            calls.append(
                (
                    f"med:{drug or ''}",
                    "MedicationRequest.search",
                    {"medication": drug} if drug else {"status": "active"},
                )
            )

        if k == "lab_latest":
            for key in intent.labs:
                lab(key, _count=5)
        elif k == "labs_trend":
            for key in intent.labs:
                lab(key, **since, _count=200)
        elif k == "lab_and_med":
            for key in intent.labs:
                lab(key, _count=5)
            med(intent.drugs[0] if intent.drugs else None)
        elif k == "med_current":
            med(intent.drugs[0] if intent.drugs else None)
        elif k == "diagnoses":
            calls.append(("cond", "Condition.search", {"clinical_status": "active"}))
        elif k == "cultures":
            calls.append(
                ("micro", "Observation.search", {"category": "microbiology", **since})
            )
        elif k == "infection":
            lab("wbc", **since, _count=200)
            calls.append(
                ("micro", "Observation.search", {"category": "microbiology", **since})
            )
        elif k == "antibiotics_given":
            calls.append(
                ("admin", "MedicationAdministration.search", {**since, "_count": 1000})
            )
            calls.append(
                ("micro", "Observation.search", {"category": "microbiology", **since})
            )
        elif k == "discharge_meds":
            calls.append(("meds", "MedicationRequest.search", {**since, "_count": 200}))
            calls.append(("allergy", "AllergyIntolerance.search", {}))
        elif k == "drug_lab_safety":
            for key in intent.labs:
                lab(key, _count=5)
            med(intent.drugs[0] if intent.drugs else None)
            calls.append(("pt", "Patient.read", {}))
        elif k == "crcl":
            calls.append(("pt", "Patient.read", {}))
            calls.append(
                (
                    "weight",
                    "Observation.search",
                    {"code": "weight", "category": "vital-signs", "_count": 1},
                )
            )
            lab("creatinine", _count=5)
        elif k == "treatment_response":
            lab("wbc", **since, _count=200)
            drug = intent.drugs[0] if intent.drugs else None
            calls.append(
                (
                    "admin",
                    "MedicationAdministration.search",
                    {**({"medication": drug} if drug else {}), **since, "_count": 1000},
                )
            )
        elif k == "cha2ds2vasc":
            calls.append(("pt", "Patient.read", {}))
            calls.append(("cond", "Condition.search", {}))
        elif k == "child_pugh":
            for key in ("bilirubin", "albumin", "inr"):
                lab(key, _count=5)
            calls.append(("cond", "Condition.search", {}))
        elif k in ("flag", "replace_potassium"):
            for key in intent.labs[:1]:
                lab(key, _count=5)
        elif k == "patient_adherence":
            drug = intent.drugs[0] if intent.drugs else None
            if intent.with_record and drug:
                med(drug)
            if drug:
                calls.append(
                    ("interview", "medication_adherence", {"medication": drug})
                )
            else:
                calls.append(
                    ("interview", "ask_patient", {"question": intent.question})
                )
        elif k == "patient_symptoms":
            if intent.with_record:
                calls.append(
                    ("cond", "Condition.search", {"clinical_status": "active"})
                )
            calls.append(("interview", "symptom_history", {}))
        elif k == "patient_other":
            args = (
                {"question": intent.question}
                if intent.patient_tool == "ask_patient"
                else {}
            )
            calls.append(("interview", intent.patient_tool, args))
        elif k == "overview":
            calls.append(("cond", "Condition.search", {"clinical_status": "active"}))
            med(None)
        return calls

    def _writes(
        self, intent: H.Intent, adm: str | None, results: dict[str, str]
    ) -> list[tuple[str, str, dict[str, Any]]]:
        k = intent.kind
        if k == "flag":
            lab = LABS.get(intent.labs[0]) if intent.labs else None
            drug = intent.drugs[0] if intent.drugs else "the current medication"
            lab_name = lab.en if lab else "monitoring labs"
            latest = self._latest(intent.labs[0]) if lab else None
            detail = f"Monitor {lab_name} closely while on {drug}" + (
                f"; latest {latest.text.split(' [')[0]} on {latest.time[:10]}."
                if latest
                else "."
            )
            return [
                (
                    "write",
                    "Flag.create",
                    {
                        "category": "safety",
                        "code": f"{lab_name} on {drug}",
                        "detail": detail,
                    },
                )
            ]
        if k == "consult":
            return [
                (
                    "write",
                    "ServiceRequest.create",
                    {
                        "service_type": f"{intent.service} consult",
                        "priority": intent.priority,
                        "note": "Please evaluate the patient.",
                    },
                )
            ]
        if k == "followup":
            target = self._date_in(7)
            return [
                (
                    "write",
                    "ServiceRequest.create",
                    {
                        "service_type": "primary care follow-up",
                        "priority": "routine",
                        **({"target_date": target} if target else {}),
                    },
                )
            ]
        if k == "replace_potassium":
            return [
                (
                    "write",
                    "MedicationRequest.create",
                    {
                        "medication": "potassium chloride",
                        "dose": "40 mEq",
                        "route": "PO",
                        "frequency": "once",
                        "indication": "hypokalemia",
                    },
                )
            ]
        return []

    def _date_in(self, days: int) -> str | None:
        try:
            return (
                date.fromisoformat(str(self.context.get("current_date"))[:10])
                + timedelta(days=days)
            ).isoformat()
        except ValueError:
            return None

    # ------------------------------------------------------------------ reading results
    _turn_results: dict[str, str] = {}

    def _text(self, key: str) -> str | None:
        text = self._turn_results.get(key)
        if text is None or text.startswith("ERROR"):
            return None
        return text

    def _series(self, key: str) -> list[H.LabValue]:
        text = self._text(f"lab:{key}")
        return (
            [v for v in H.parse_observations(text) if v.value is not None]
            if text
            else []
        )

    def _latest(self, key: str) -> H.LabValue | None:
        series = self._series(key)
        return series[0] if series else None

    def _admission_conditions(self, adm: str | None) -> list[H.Condition]:
        text = self._text("cond")
        conds = H.parse_conditions(text) if text else []
        if not conds:
            return []
        same = [c for c in conds if adm and c.time[:10] == adm[:10]]
        if not same:
            newest = conds[0].time[:10]
            same = [c for c in conds if c.time[:10] == newest]
        out: list[H.Condition] = []
        for c in same:
            if all(c.title != o.title for o in out):
                out.append(c)
        return out

    def _order(self, drug: str | None) -> H.Order | None:
        text = self._text(f"med:{drug or ''}")
        orders = H.parse_orders(text) if text else []
        if drug:
            orders = [
                o
                for o in orders
                if drug in o.name.lower()
                or (drug_class_of(o.name) or (None, ""))[1] == drug
            ] or orders
        return next(
            (o for o in orders if o.status == "active"), orders[0] if orders else None
        )

    def _sex_age(self) -> tuple[str, int | None]:
        text = self._text("pt") or ""
        sex, born = H.parse_patient(text)
        return sex, H.age_at(born, str(self.context.get("current_date") or ""))

    # ------------------------------------------------------------------ answers
    def _answer(
        self, intent: H.Intent, adm: str | None, results: dict[str, str]
    ) -> str:
        self._turn_results = results
        errors = [k for k, v in results.items() if v.startswith("ERROR")]
        try:
            text = getattr(self, f"_a_{intent.kind}")(intent, adm)
        except (
            Exception
        ):  # a parsing surprise must not crash the episode: say what was found
            text = self._say(
                "I looked this up but could not interpret the results reliably; please review the record.",
                "我已查询，但无法可靠地解读结果，请核对病历。",
            )
        if errors and not text:
            text = self._say(
                "The record query failed, so I cannot answer this reliably.",
                "病历查询出错，暂时无法可靠回答。",
            )
        elif errors:
            text += self._say(
                " (Some record queries failed.)", "（部分病历查询失败。）"
            )
        return text or self._say(
            "I found nothing relevant in the record for this request.",
            "病历中没有找到与此请求相关的信息。",
        )

    def _lab_sentence(self, key: str) -> str:
        lab = LABS[key]
        v = self._latest(key)
        if v is None:
            return self._say(
                f"No {lab.en} result was found in the record",
                f"病历中未找到{lab.zh}结果",
            )
        en, zh = _FLAG.get(v.flag, _FLAG[""])
        return self._say(
            f"The most recent {lab.en} is {_num(v.value)} {v.unit} ({v.time[:10]}), which is {en}",
            f"最近一次{lab.zh}为 {_num(v.value)} {v.unit}（{v.time[:10]}），{zh}",
        )  # type: ignore[arg-type]

    def _a_lab_latest(self, intent: H.Intent, adm: str | None) -> str:
        return " ".join(
            self._lab_sentence(k) + self._say(".", "。") for k in intent.labs
        )

    def _trend_sentence(self, key: str) -> str:
        lab = LABS[key]
        series = self._series(key)
        if not series:
            return self._say(
                f"no {lab.en} results were found since admission",
                f"入院以来未找到{lab.zh}结果",
            )
        first, last = series[-1], series[0]
        t = H.trend_of(first.value, last.value, lab.decimals)  # type: ignore[arg-type]
        fen, fzh = _FLAG.get(last.flag, _FLAG[""])
        return self._say(
            f"{lab.en} went from {_num(first.value)} to {_num(last.value)} {last.unit} ({_TREND[t][0]}; latest {last.time[:10]}, {fen})",  # type: ignore[arg-type]
            f"{lab.zh}从 {_num(first.value)} 变为 {_num(last.value)} {last.unit}（{_TREND[t][1]}；最近 {last.time[:10]}，{fzh}）",  # type: ignore[arg-type]
        )

    def _a_labs_trend(self, intent: H.Intent, adm: str | None) -> str:
        if not intent.labs:
            return self._say(
                "Which lab do you mean? I could not tell from the request.",
                "请问是哪项化验？我没能从请求中判断。",
            )
        parts = [self._trend_sentence(k) for k in intent.labs]
        return self._say(
            f"Since admission, {'; '.join(parts)}.", f"入院以来，{'；'.join(parts)}。"
        )

    def _med_sentence(self, drug: str | None) -> str:
        o = self._order(drug)
        name = drug or self._say("the medication", "该药")
        if o is None:
            return self._say(
                f"no order for {name} was found", f"未找到{H.drug_zh_name(name)}的医嘱"
            )
        if not o.dose:
            return self._say(
                f"{o.text} ({o.status}, ordered {o.time[:10]})",
                f"{o.text}（{o.status}，{o.time[:10]} 开具）",
            )
        zh = H.drug_zh_name(drug) if drug else o.name
        return self._say(
            f"{o.name} is ordered at {o.dose} {o.unit} {o.route} {o.frequency} (ordered {o.time[:10]}, status {o.status})",
            f"{zh}（{o.name}）医嘱为 {o.dose} {o.unit}，{o.route}，{o.frequency}（{o.time[:10]} 开具，状态 {o.status}）",
        )

    def _a_med_current(self, intent: H.Intent, adm: str | None) -> str:
        if not intent.drugs:
            orders = [
                o
                for o in H.parse_orders(self._text("med:") or "")
                if o.status == "active"
            ]
            if not orders:
                return self._say(
                    "Which medication do you mean? I found no active orders.",
                    "请问是哪种药物？未找到在用医嘱。",
                )
            return (
                self._say("Active orders: ", "在用医嘱：")
                + "; ".join(o.text for o in orders[:8])
                + "."
            )
        return _cap(self._med_sentence(intent.drugs[0])) + self._say(".", "。")

    def _a_lab_and_med(self, intent: H.Intent, adm: str | None) -> str:
        parts = [self._lab_sentence(k) for k in intent.labs] + [
            self._med_sentence(intent.drugs[0] if intent.drugs else None)
        ]
        return self._say("; ".join(parts) + ".", "；".join(parts) + "。")

    def _conditions_text(self, adm: str | None) -> str:
        conds = self._admission_conditions(adm)
        if not conds:
            return self._say(
                "no coded diagnoses were found for this admission",
                "本次住院未找到编码诊断",
            )
        shown = [f"{c.title} ({c.code})" if c.code else c.title for c in conds[:6]]
        return self._say(
            f"the principal diagnosis is {shown[0]}"
            + (f"; also coded: {', '.join(shown[1:])}" if shown[1:] else ""),
            f"主要诊断为 {shown[0]}"
            + (f"；其他诊断：{'、'.join(shown[1:])}" if shown[1:] else ""),
        )

    def _a_diagnoses(self, intent: H.Intent, adm: str | None) -> str:
        text = self._conditions_text(adm)
        return _cap(text) + self._say(".", "。")

    def _cultures_text(self) -> str:
        text = self._text("micro")
        cultures = H.parse_cultures(text) if text else []
        if not cultures:
            return self._say(
                "no cultures have resulted since admission", "入院以来暂无培养结果"
            )
        seen: list[str] = []
        for c in cultures:
            item = self._say(
                f"{c.test} ({c.time[:10]}): {'no growth' if c.negative else c.result}",
                f"{c.test}（{c.time[:10]}）：{'无生长' if c.negative else c.result}",
            )
            if item not in seen:
                seen.append(item)
        if all(c.negative for c in cultures):
            return self._say("no growth so far; ", "目前无生长；") + "; ".join(seen[:5])
        return "; ".join(seen[:5])

    def _a_cultures(self, intent: H.Intent, adm: str | None) -> str:
        return (
            self._say("Cultures: ", "培养结果：")
            + self._cultures_text()
            + self._say(".", "。")
        )

    def _a_infection(self, intent: H.Intent, adm: str | None) -> str:
        return self._say(
            f"The {self._trend_sentence('wbc')}. Cultures: {self._cultures_text()}.",
            f"{self._trend_sentence('wbc')}。培养结果：{self._cultures_text()}。",
        )

    def _doses_given(self, drug: str | None) -> dict[str, int]:
        counts: dict[str, int] = {}
        for o in H.parse_orders(self._text("admin") or ""):
            generic = (
                antibiotic_of(o.name) or (drug_class_of(o.name) or (None, None))[1]
            )
            if (
                generic
                and o.status == "completed"
                and (drug is None or generic == drug)
            ):
                counts[generic] = counts.get(generic, 0) + 1
        return counts

    def _a_antibiotics_given(self, intent: H.Intent, adm: str | None) -> str:
        given = {g: n for g, n in self._doses_given(None).items() if g in ANTIBIOTICS}
        if given:
            en = ", ".join(f"{g} ({n} doses)" for g, n in given.items())
            zh = "、".join(
                f"{H.drug_zh_name(g)}（{g}，{n} 剂）" for g, n in given.items()
            )
        else:
            en, zh = "none recorded since admission", "入院以来无给药记录"
        return self._say(
            f"Administered antibiotics: {en}. Cultures: {self._cultures_text()}.",
            f"已给予的抗生素：{zh}。培养结果：{self._cultures_text()}。",
        )

    def _a_discharge_meds(self, intent: H.Intent, adm: str | None) -> str:
        names: list[str] = []
        for o in H.parse_orders(self._text("meds") or ""):
            if o.status == "active" and o.name not in names:
                names.append(o.name)
        allergy_text = self._text("allergy") or ""
        allergies = [
            ln[2:].split(" | ")[1] if " | " in ln else ln[2:]
            for ln in allergy_text.splitlines()
            if ln.startswith("- ")
        ]
        meds_en = "; ".join(names) if names else "none found"
        meds_zh = "；".join(names) if names else "未找到"
        al_en = ", ".join(allergies) if allergies else "no known allergies"
        al_zh = "、".join(allergies) if allergies else "无已知过敏"
        return self._say(
            f"Active medications: {meds_en}. Allergies: {al_en}.",
            f"目前在用药物：{meds_zh}。过敏：{al_zh}。",
        )

    def _a_drug_lab_safety(self, intent: H.Intent, adm: str | None) -> str:
        drug = intent.drugs[0]
        zh_drug = H.drug_zh_name(drug)
        if not intent.labs or self._latest(intent.labs[0]) is None:
            return self._say(
                f"I could not find the monitoring lab for {drug}, so I cannot judge its safety; please check levels before the next dose.",
                f"未找到{zh_drug}相关的监测化验，无法判断安全性；请在下次给药前复查。",
            )
        key = intent.labs[0]
        lab, v = LABS[key], self._latest(key)
        assert v is not None and v.value is not None
        sex, _ = self._sex_age()
        cls = drug_class_of(drug)
        pair = next(
            (
                p
                for p in SAFETY_PAIRS
                if cls and p.drug_class == cls[0].key and p.lab == key
            ),
            None,
        )
        unsafe = (
            pair.unsafe(v.value, sex == "female") if pair else v.flag in ("HH", "LL")
        )
        head = self._lab_sentence(key)
        if unsafe:
            return self._say(
                f"{head}. With this value, hold {drug} for now and recheck the {lab.en}.",
                f"{head}。在这个水平下应暂停{zh_drug}（{drug}），并复查{lab.zh}。",
            )
        return self._say(
            f"{head}. It is safe to continue {drug}; monitor the {lab.en}.",
            f"{head}。可以继续使用{zh_drug}（{drug}），注意监测{lab.zh}。",
        )

    def _a_crcl(self, intent: H.Intent, adm: str | None) -> str:
        sex, age = self._sex_age()
        cr = self._latest("creatinine")
        weights = H.parse_observations(self._text("weight") or "")
        w = next((x for x in weights if x.value is not None), None)
        if cr is None or w is None or age is None:
            return self._say(
                "I could not compute the creatinine clearance: age, weight or creatinine is missing from the record.",
                "无法计算肌酐清除率：病历中缺少年龄、体重或肌酐。",
            )
        kg = (
            round(w.value * 0.4536, 1) if "lb" in (w.unit + w.name).lower() else w.value
        )  # type: ignore[operator]
        creat = cr.value / 88.4 if "mol" in cr.unit.lower() else cr.value  # type: ignore[operator]
        value = scores.crcl(
            age=age, weight_kg=kg, creatinine=creat, female=sex == "female"
        )  # type: ignore[arg-type]
        drug = intent.drugs[0] if intent.drugs else None
        basis_en = f"age {age}, weight {_num(kg)} kg, creatinine {_num(cr.value)} {cr.unit}{', female' if sex == 'female' else ''}"  # type: ignore[arg-type]
        basis_zh = f"年龄 {age}，体重 {_num(kg)} kg，肌酐 {_num(cr.value)} {cr.unit}{'，女性' if sex == 'female' else ''}"  # type: ignore[arg-type]
        head_en = f"Cockcroft-Gault creatinine clearance is about {value:.0f} mL/min ({basis_en})"
        head_zh = (
            f"按 Cockcroft-Gault 公式，肌酐清除率约 {value:.0f} mL/min（{basis_zh}）"
        )
        if drug is None or drug not in H.RENAL_LIMITS:
            return self._say(f"{head_en}.", f"{head_zh}。")
        limit, zh = H.RENAL_LIMITS[drug], H.drug_zh_name(drug)
        if value < limit:
            return self._say(
                f"{head_en}; reduce or stop {drug} for renal function (below {limit:.0f} mL/min).",
                f"{head_zh}；应停用或减量{zh}（低于 {limit:.0f} mL/min）。",
            )
        return self._say(
            f"{head_en}; no dose adjustment of {drug} is needed.",
            f"{head_zh}；{zh}无需调整剂量。",
        )

    def _a_treatment_response(self, intent: H.Intent, adm: str | None) -> str:
        drug = intent.drugs[0] if intent.drugs else None
        series = self._series("wbc")
        if not series:
            return self._say(
                "No white count results were found since admission, so I cannot judge the response.",
                "入院以来未找到白细胞结果，无法判断疗效。",
            )
        first, last = series[-1], series[0]
        t = H.trend_of(first.value, last.value, 1)  # type: ignore[arg-type]
        n = sum(self._doses_given(drug).values()) if drug else 0
        responding = t == "falling" or (t == "stable" and last.flag == "")
        name, zh = drug or "the antibiotic", H.drug_zh_name(drug) if drug else "抗生素"
        head_en = f"After {n} doses of {name}, WBC went from {_num(first.value)} to {_num(last.value)} {last.unit} ({_TREND[t][0]})"  # type: ignore[arg-type]
        head_zh = f"已给予{zh} {n} 剂，白细胞从 {_num(first.value)} 变为 {_num(last.value)} {last.unit}（{_TREND[t][1]}）"  # type: ignore[arg-type]
        if responding:
            return self._say(
                f"{head_en}: the infection is responding. Continue {name}.",
                f"{head_zh}：治疗有效。建议继续{zh}。",
            )
        return self._say(
            f"{head_en}: not responding. Reassess and consider broadening the antibiotic coverage beyond {name}.",
            f"{head_zh}：疗效不佳。建议重新评估并考虑升级抗生素。",
        )

    def _a_cha2ds2vasc(self, intent: H.Intent, adm: str | None) -> str:
        sex, age = self._sex_age()
        conds = self._admission_conditions(adm)
        if age is None:
            return self._say(
                "I could not find the patient's age, so I cannot compute CHA2DS2-VASc.",
                "未找到患者年龄，无法计算 CHA2DS2-VASc。",
            )
        has = {
            n: H.has_code(conds, p)
            for n, p in (
                ("CHF", H.CHF),
                ("hypertension", H.HTN),
                ("diabetes", H.DM),
                ("stroke/TIA", H.STROKE),
                ("vascular disease", H.VASC),
            )
        }
        female = sex == "female"
        score = scores.cha2ds2_vasc(
            age=age,
            female=female,
            chf=has["CHF"],
            htn=has["hypertension"],
            diabetes=has["diabetes"],
            stroke=has["stroke/TIA"],
            vascular=has["vascular disease"],
        )
        parts = [n for n, on in has.items() if on] + (["female sex"] if female else [])
        zh_names = {
            "CHF": "心衰",
            "hypertension": "高血压",
            "diabetes": "糖尿病",
            "stroke/TIA": "卒中/TIA",
            "vascular disease": "血管疾病",
            "female sex": "女性",
        }
        needs = score >= (3 if female else 2)
        return self._say(
            f"CHA2DS2-VASc is {score} (age {age}{', ' + ', '.join(parts) if parts else ''}); "
            + (
                "anticoagulation is recommended."
                if needs
                else "anticoagulation is not routinely indicated."
            ),
            f"CHA2DS2-VASc 评分为 {score} 分（年龄 {age} 岁{'，' + '、'.join(zh_names[p] for p in parts) if parts else ''}）；"
            + ("建议启动抗凝治疗。" if needs else "一般无需常规抗凝。"),
        )

    def _a_child_pugh(self, intent: H.Intent, adm: str | None) -> str:
        vals = {k: self._latest(k) for k in ("bilirubin", "albumin", "inr")}
        missing = [LABS[k].en for k, v in vals.items() if v is None]
        if missing:
            return self._say(
                f"I could not compute Child-Pugh: no {', '.join(missing)} result.",
                f"无法计算 Child-Pugh：缺少{'、'.join(LABS[k].zh for k, v in vals.items() if v is None)}结果。",
            )
        conds = self._admission_conditions(adm)
        ascites = 2 if H.has_code(conds, H.ASCITES) else 0
        enceph = 2 if H.has_code(conds, H.ENCEPHALOPATHY) else 0
        b, a, i = (vals[k].value for k in ("bilirubin", "albumin", "inr"))  # type: ignore[union-attr]
        points, cls = scores.child_pugh(
            bilirubin=b, albumin=a, inr=i, ascites=ascites, encephalopathy=enceph
        )  # type: ignore[arg-type]
        bu, au = vals["bilirubin"].unit, vals["albumin"].unit  # type: ignore[union-attr]
        return self._say(
            f"Child-Pugh score {points}, class {cls} (bilirubin {_num(b)} {bu}, albumin {_num(a)} {au}, INR {_num(i)}, ascites {'present' if ascites else 'absent'}, encephalopathy {'present' if enceph else 'absent'}).",  # type: ignore[arg-type]
            f"Child-Pugh 评分 {points} 分，{cls} 级（胆红素 {_num(b)} {bu}，白蛋白 {_num(a)} {au}，INR {_num(i)}，腹水{'有' if ascites else '无'}，肝性脑病{'有' if enceph else '无'}）。",  # type: ignore[arg-type]
        )

    def _write_done(self) -> bool:
        return self._text("write") is not None

    def _a_flag(self, intent: H.Intent, adm: str | None) -> str:
        if not self._write_done():
            return self._say(
                "The safety flag could not be created.", "未能创建安全警示。"
            )
        drug = intent.drugs[0] if intent.drugs else "the medication"
        lab = LABS[intent.labs[0]] if intent.labs else None
        return self._say(
            f"Done: a safety flag about the {lab.en if lab else 'labs'} and {drug} was added to the chart.",
            f"已在病历中添加关于{lab.zh if lab else '化验'}和{H.drug_zh_name(drug)}的安全警示。",
        )

    def _a_consult(self, intent: H.Intent, adm: str | None) -> str:
        if not self._write_done():
            return self._say(
                "The consult request could not be placed.", "会诊申请未能提交。"
            )
        zh = _SERVICE_ZH.get(intent.service, intent.service)
        pr_zh = {"urgent": "加急", "stat": "紧急", "routine": "常规"}.get(
            intent.priority, intent.priority
        )
        return self._say(
            f"Done: a {intent.priority} {intent.service} consult was requested.",
            f"已申请{zh}{pr_zh}会诊。",
        )

    def _a_followup(self, intent: H.Intent, adm: str | None) -> str:
        if not self._write_done():
            return self._say(
                "The follow-up request could not be placed.", "随访预约未能提交。"
            )
        target = self._date_in(7) or ""
        return self._say(
            f"Done: a routine primary care follow-up was requested for {target}.",
            f"已预约 {target} 的全科常规随访。",
        )

    def _a_replace_potassium(self, intent: H.Intent, adm: str | None) -> str:
        if not self._write_done():
            return self._say(
                "The potassium order could not be placed.", "补钾医嘱未能提交。"
            )
        k = self._latest("potassium")
        extra = (
            self._say(
                f" (latest potassium {_num(k.value)} {k.unit})",
                f"（最近血钾 {_num(k.value)} {k.unit}）",
            )
            if k
            else ""
        )  # type: ignore[arg-type]
        return self._say(
            f"Ordered potassium chloride 40 mEq PO once{extra}; recheck potassium after.",
            f"已开氯化钾 40 mEq 口服一次{extra}；之后复查血钾。",
        )

    def _reply(self) -> str | None:
        return self._text("interview")

    def _a_patient_adherence(self, intent: H.Intent, adm: str | None) -> str:
        reply = self._reply()
        if reply is None:
            return self._say(
                "The patient could not answer the question.", "患者未能回答该问题。"
            )
        drug = intent.drugs[0] if intent.drugs else ""
        zh = H.drug_zh_name(drug) if drug else "该药"
        summary = H.adherence_summary(reply)
        head_en = (
            f"About {drug or 'the medication'}, the patient "
            + (summary[0] if summary else "says")
            + f': "{reply}"'
        )
        head_zh = (
            f"关于{zh}，患者" + (summary[1] if summary else "自述") + f"：“{reply}”"
        )
        if intent.with_record:
            return self._say(
                f"{_cap(self._med_sentence(drug or None))}. {head_en}",
                f"{self._med_sentence(drug or None)}。{head_zh}",
            )
        return self._say(head_en, head_zh)

    def _a_patient_symptoms(self, intent: H.Intent, adm: str | None) -> str:
        reply = self._reply()
        if reply is None:
            return self._say(
                "The patient could not answer the question.", "患者未能回答该问题。"
            )
        text = self._say(f'The patient reports: "{reply}"', f"患者自述：“{reply}”")
        if intent.with_record:
            cond = self._conditions_text(adm)
            text += self._say(f" In the record, {cond}.", f" 病历中{cond}。")
        return text

    def _a_patient_other(self, intent: H.Intent, adm: str | None) -> str:
        reply = self._reply()
        if reply is None:
            return self._say(
                "The patient could not answer the question.", "患者未能回答该问题。"
            )
        return self._say(f'The patient says: "{reply}"', f"患者说：“{reply}”")

    def _a_overview(self, intent: H.Intent, adm: str | None) -> str:
        cond = self._conditions_text(adm)
        orders = [
            o.name
            for o in H.parse_orders(self._text("med:") or "")
            if o.status == "active"
        ]
        meds = ", ".join(dict.fromkeys(orders)) or self._say("none found", "未找到")
        return self._say(
            f"I was not sure what you are asking; in summary, {cond}. Active medications: {meds}.",
            f"我不太确定您的问题；概括来说，{cond}。在用药物：{meds}。",
        )


def _tool_name(schema: dict[str, Any]) -> str:
    fn = schema.get("function") if isinstance(schema.get("function"), dict) else schema
    return str(fn.get("name", ""))


@register_agent("heuristic")
def heuristic() -> HeuristicAgent:
    """The rule-based baseline (see :class:`HeuristicAgent`)."""
    return HeuristicAgent()
