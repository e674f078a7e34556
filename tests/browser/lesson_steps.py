"""A lesson in the browser, stepped through and answered by clicks (``test_notebook_lessons.py``,
``test_lite.py``): where a lesson is on the page, its step, and the right answers of its questions
as the kernel works them out.
"""

from __future__ import annotations

import re

from harness import TABLE

# Defined in the notebook's kernel: the lesson's questions with the answers the kernel accepts.
QUESTIONS = '''
def _bh_questions(lesson):
    script = lesson.script
    start = script.game.root()
    out = []
    for step, ex in sorted(script.exercises.items()):
        right = []
        for choice in script.choices(step):  # judged by the lesson's own key: nothing kept, nothing changed
            if script.judge(step, choice)[1]:
                right.append(choice)
        names = [start.names[c] if isinstance(c, int) else str(c) for c in right]
        if ex.kind == "card":
            from bhabho_widget import Card
            names = [str(Card.parse(c)) for c in right]
        out.append({"step": step, "kind": ex.kind, "hint": ex.hint, "right": [str(c) for c in right], "names": names,
                    "choices": [str(c) for c in script.choices(step)]})
    return out
'''


def lesson_index(page, title: str) -> int:
    """The index, among the page's widgets, of the lesson titled ``title``."""
    titles = page.evaluate(f"""() => Array.from(document.querySelectorAll('{TABLE}')).map((root) => {{
      const t = root.querySelector('[data-testid=lesson-title]');
      const box = root.querySelector('[data-testid=lesson]');
      return box && !box.hidden && t ? t.textContent : null;
    }})""")
    assert title in titles, f"no lesson titled {title!r} on the page: {titles}"
    return titles.index(title)


def step_text(table) -> str:
    return table.root.locator("[data-testid=lesson-step]").text_content()


def wait_step(table, step: int, length: int) -> None:
    table.wait("(root, t) => root.querySelector('[data-testid=lesson-step]').textContent === t",
               f"Step {step} of {length}")


def go_to(nb, table, var: str, step: int, length: int) -> None:
    """Click Next (or Back) until the lesson shows ``step``."""
    while True:
        now = int(re.match(r"Step (\d+) of", step_text(table)).group(1))
        if now == step:
            break
        table.root.locator("[data-testid=lesson-next]" if now < step else "[data-testid=lesson-back]").click()
        wait_step(table, now + (1 if now < step else -1), length)
    assert nb.eval(f"{var}.step") == step, "the kernel's lesson is not at the step the page shows"


def answer(table, choice: str):
    table.root.locator(f'[data-testid=exercise] [data-choice="{choice}"]').click()
