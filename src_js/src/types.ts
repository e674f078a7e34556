// Shapes of the traits and messages described in ../README.md.

export type Suit = "S" | "H" | "D" | "C";

export interface TableCard {
  seat: number;
  card: string;
}

export interface GameEvent {
  kind: string;
  seat: number | null;
  cards: string[];
  text: string;
}

export interface LastTrick {
  cards: TableCard[];
  outcome: "waste" | "pickup";
  picker: number | null;
}

export type Choice = string | number;

export interface Exercise {
  prompt: string;
  kind: "card" | "seat";
  choices: Choice[];
  feedback: null | { correct: boolean; text: string };
}

export interface LessonInfo {
  index: number;
  length: number;
  title: string;
  exercise: Exercise | null;
  /** Event texts from the lesson's start up to the step shown (capped by the kernel). */
  log?: string[];
}

export interface View {
  version: number;
  mode: "play" | "lesson";
  seat: number;
  num_players: number;
  names: string[];
  hand: string[];
  hand_sizes: number[];
  hands: string[][] | null;
  table: TableCard[];
  led_suit: Suit | null;
  waste_size: number;
  leader: number | null;
  current_player: number | null;
  trick_number: number;
  escaped: number[];
  is_over: boolean;
  loser: number | null;
  legal: string[];
  can_take: boolean;
  take_target: number | null;
  waiting: "human" | "bot" | "over";
  events: GameEvent[];
  last_trick: LastTrick | null;
  lesson: LessonInfo | null;
}

export interface Score {
  rounds: number;
  played: number;
  counts: number[];
  pot: number;
  over: boolean;
  loser: number | null;
  names: string[];
}

export interface Config {
  players: number;
  seed: number | null;
  variant: string;
}

export type Message =
  | { type: "play"; card: string; version: number }
  | { type: "take"; version: number }
  | { type: "advance"; version: number }
  | { type: "undo" }
  | { type: "hint" }
  | { type: "new_game"; players: number; seed: number | null; variant: string }
  | { type: "goto"; index: number }
  | { type: "answer"; choice: Choice };

export interface Traits {
  view: View | null;
  pace: number;
  reveal_all: boolean;
  error: string;
  hint: string | null;
  score: Score | null;
  variants: string[];
  config: Config | null;
}

type Callback = (...args: unknown[]) => void;

/** The part of anywidget's AnyModel this front end uses. */
export interface Model {
  get<K extends keyof Traits>(name: K): Traits[K] | undefined;
  set<K extends keyof Traits>(name: K, value: Traits[K]): void;
  on(event: string, callback: Callback): void;
  off(event?: string | null, callback?: Callback | null): void;
  save_changes(): void;
  send(content: Message, callbacks?: unknown, buffers?: unknown[]): void;
}
