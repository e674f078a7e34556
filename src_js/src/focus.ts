// Redraws that keep the keyboard's place across the panels.

import { focusedWithin, usable } from "./dom";
import type { HandPanel } from "./hand";
import type { LessonPanel } from "./lesson";

/** Redraws, keeping the keyboard's place: when the focused control went away or was
 * disabled (Take after taking, an answered question, Next at a lesson's end, Hint while
 * the bots play), focus moves to the next sensible place instead of the page's start. */
export function keepFocus(root: HTMLElement, lesson: LessonPanel, hand: HandPanel, draw: () => void): void {
  const before = focusedWithin(root);
  const where = !before ? null : (lesson.placeOf(before) ?? (hand.slot.contains(before) ? "hand" : "play"));
  draw();
  if (!before || usable(before)) return;
  const now = focusedWithin(root);
  if (now && now !== before) return; // the hand or the exercise already put it back
  if ((where === "exercise" || where === "lesson") && lesson.refocus(where)) return;
  hand.refocus();
}
