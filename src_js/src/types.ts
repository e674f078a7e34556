// The protocol's types come from protocol.ts, which `python -m bhabho_widget.table.protocol`
// generates from bhabho_widget/table/protocol.json (the one definition of the protocol).

import type { AnyModel } from "@anywidget/types";
import type { Card, Message, Seat, TakeChoice, Traits } from "./protocol";

export type {
  Card,
  Config,
  Deck,
  Estimate,
  Exercise,
  Feedback,
  GameEvent,
  Hint,
  Language,
  LastTrick,
  LessonInfo,
  LogLine,
  Message,
  MessageType,
  Result,
  Score,
  Seat,
  Suit,
  TableCard,
  TakeChoice,
  Traits,
  View,
} from "./protocol";

/** A lesson exercise's answer: a card code, a seat, or "take" / "pass". */
export type Choice = Card | Seat | TakeChoice;

/** A message of one type, such as MessageOf<"play">. */
export type MessageOf<T extends Message["type"]> = Extract<Message, { type: T }>;

/** anywidget's model of our traits. */
export type Model = AnyModel<Traits>;
