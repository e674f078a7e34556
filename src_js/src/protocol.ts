// Generated from bhabho_widget/table/protocol.json by `python -m bhabho_widget.table.protocol`. Do not edit:
// change protocol.json and run that command (tests/test_protocol.py checks the two agree).

// ---- bounds ----
export const VERSION_MIN = 0;
export const VERSION_MAX = 9007199254740991;
export const SEAT_MIN = 0;
export const SEAT_MAX = 7;
export const NUM_PLAYERS_MIN = 2;
export const NUM_PLAYERS_MAX = 8;
export const PLAYERS_MIN = 3;
export const PLAYERS_MAX = 8;
export const SEED_MIN = 0;
export const SEED_MAX = 9007199254740991;
export const PACE_MIN = 0;
export const PACE_MAX = 5;
export const STEP_MIN = 0;
export const STEP_MAX = 100000;
export const COUNT_MIN = 0;
export const PROBABILITY_MIN = 0;
export const PROBABILITY_MAX = 1;
export const CARD_MAX_LENGTH = 3;
export const NAME_MAX_LENGTH = 40;
export const LANGUAGE_CODE_MAX_LENGTH = 16;
export const POSITION_TEXT_MAX_LENGTH = 4000;

// ---- shapes ----

/** Increases with every state change of the table; echoed in play, take, advance, undo and new_game so that a stale click (a double click, a second view of the widget) is refused. */
export type Version = number;

/** A seat number. */
export type Seat = number;

/** Players at a table: a dealt game has 3 to 8, a position set up by hand 2 to 8. */
export type NumPlayers = number;

/** Players of a new game dealt from the browser. */
export type Players = number;

/** A shuffle seed; the browser sends whole numbers it can hold exactly (up to 2**53 - 1). */
export type Seed = number;

/** Seconds the browser waits before it asks the kernel for a bot's next step; 0 for no wait. */
export type Pace = number;

/** A lesson step: 0 is the start position. */
export type Step = number;

/** A count of cards, rounds or games. */
export type Count = number;

export type Probability = number;

/** A card code: rank (2-10, J, Q, K, A) and suit (S, H, D, C), such as "10H" or "AS". */
export type Card = string;

/** The answer to a take exercise: take the next player's hand, or pass. */
export type TakeChoice = "take" | "pass";

/** When the person is asked at their chance to take (rule 7): always; may_pay: only when the coach's quick estimate says taking may pay; never (the chance is still named under the table). */
export type TakeOffers = "always" | "may_pay" | "never";

/** How the suits are coloured: two colours (spades and clubs black, hearts and diamonds red) or four (spades black, hearts red, diamonds blue, clubs green). */
export type Deck = "two-colour" | "four-colour";

/** The name of a variant or a bot level, as listed in the traits variants and bot_levels. */
export type Name = string;

/** A language code such as "en" or "hi", as listed in the trait languages. */
export type LanguageCode = string;

export type Suit = "S" | "H" | "D" | "C";

/** A card on the table and who played it. */
export interface TableCard {
  seat: Seat;
  card: Card;
}

/** Something that happened in the last state change, as the human seat may see it; cards it may not see are left out. */
export interface GameEvent {
  kind: string;
  seat: Seat | null;
  cards: Card[];
  text: string;
}

/** One line of the game's log (kind as in GameEvent). */
export interface LogLine {
  kind: string;
  text: string;
}

/** The trick that just ended: it rests on the table until the next lead. */
export interface LastTrick {
  cards: TableCard[];
  outcome: "waste" | "pickup";
  picker: Seat | null;
}

/** How the game ended, with the banner's text (written by the kernel). */
export interface Result {
  kind: "bhabhi" | "stalemate" | "nobody";
  text: string;
}

export interface Feedback {
  correct: boolean;
  text: string;
}

/** A lesson's question: which card to play, which seat, or whether to take. Seat questions offer every seat, with cards or not; take questions offer "take" and "pass". */
export interface Exercise {
  prompt: string;
  kind: "card" | "seat" | "take";
  choices: (Card | Seat | TakeChoice)[];
  /** Shown behind a Hint button before answering; empty for none. */
  hint: string;
  feedback: Feedback | null;
  status: QuestionStatus;
}

/** How a lesson question went so far: right at the first answer, right after more tries, answered but never right, passed without an answer (skipped), or not answered nor passed yet (open). */
export type QuestionStatus = "right_first" | "right" | "wrong" | "skipped" | "open";

/** How the lesson went, shown at its last step: the kernel sentence (2 of 3 answered, 1 right first time.) and one line per question. */
export interface LessonSummary {
  text: string;
  items: QuestionResult[];
}

export interface QuestionResult {
  step: Step;
  prompt: string;
  status: QuestionStatus;
  /** The status in the lesson language. */
  result: string;
}

/** Where a lesson stands: step index of length steps. */
export interface LessonInfo {
  index: Step;
  length: Step;
  title: string;
  exercise: Exercise | null;
  /** At the last step of a lesson with questions; null elsewhere. */
  summary: LessonSummary | null;
}

/** The human seat's view of the table. Nothing in it is hidden from that seat. */
export interface View {
  version: Version;
  /** lesson: a scripted scenario stepped with back and next; review: a position of the review of the game over, read-only; imagine: Show me, one imagined way the game can go after an action, stepped with show_step, read-only, every (imagined) hand shown. */
  mode: "play" | "lesson" | "review" | "imagine";
  /** The seat whose hand is shown at the bottom. */
  seat: Seat;
  num_players: NumPlayers;
  /** One per seat. */
  names: string[];
  /** The seat's cards, sorted by suit (S H D C) then rank. */
  hand: Card[];
  hand_sizes: Count[];
  /** Every hand: only when the teacher's reveal_all is on, in a lesson, or in imagine mode (the imagined hands, never the real hidden ones). */
  hands: Card[][] | null;
  /** The current trick in play order. */
  table: TableCard[];
  led_suit: Suit | null;
  waste_size: Count;
  /** The seat with the power. */
  leader: Seat | null;
  /** The seat to play; null when the game is over. */
  current_player: Seat | null;
  /** 1 is the opening trick. */
  trick_number: Count;
  /** The opening trick is being played or about to be led. */
  opening: boolean;
  /** Seats in the order they escaped. */
  escaped: Seat[];
  is_over: boolean;
  /** The bhabhi, once the game is over. */
  loser: Seat | null;
  /** Cards the person may click now: empty unless waiting is human. */
  legal: Card[];
  /** The person may take the next player's hand now. */
  can_take: boolean;
  /** Whose hand a take would take. */
  take_target: Seat | null;
  /** The person has an action in this game that Undo can take back (the Undo button is enabled only then). */
  can_undo: boolean;
  /** The table stops at the person's own chance to take (rule 7: the person does not hold the power and their place in the order of offers has come). waiting is bot and can_take true; the browser does not advance on its own but shows Take and Pass, and Pass sends advance. */
  take_offer: boolean;
  /** Who acts next. On bot the browser asks the kernel to advance after pace seconds (not while take_offer), and the person's cards are not clickable. */
  waiting: "human" | "bot" | "over";
  /** What brought this view: a step of play (or a lesson step), an undo, or a new game. Nothing animates after undo and new. */
  change: "step" | "undo" | "new";
  /** The line under the table, written by the kernel; shown as it is. */
  narration: string;
  /** The events of this change, for animations. */
  events: GameEvent[];
  /** The whole game's log as the seat may see it (capped by the kernel); the shown log is replaced by it on every view. */
  log: LogLine[];
  /** The trick this change ended, if any. */
  last_trick: LastTrick | null;
  /** Set once the game is over. */
  result: Result | null;
  /** Lesson mode only. */
  lesson: LessonInfo | null;
  /** Review mode only: the decision shown. */
  review: ReviewAt | null;
  /** Imagine mode only: which imagined line and step the felt shows. */
  imagine: ImagineInfo | null;
}

/** A session of rounds. text is the scoreboard's heading, written by the kernel ("Round 1 of 2", or at the end who loses the session and who takes the pot). */
export interface Score {
  rounds: Count | null;
  max_bhabhi: Count | null;
  round: Count;
  played: Count;
  /** Bhabhi counts, one per seat. */
  counts: Count[];
  pot: number;
  stalemates: Count;
  over: boolean;
  losers: Seat[];
  pot_winners: Seat[];
  names: string[];
  text: string;
}

/** The chance p of ending as the bhabhi after an action, with its 95 % interval lo..hi. */
export interface Estimate {
  action: string;
  label: string;
  p: Probability;
  lo: Probability;
  hi: Probability;
}

/** One card in the tracker: in the seat's hand, drawn by it from the waste pile (it must lead it), on the table (seat: who played it), known in another seat's hand (seat: whose), seen going to the waste pile, or unseen. */
export interface TrackerCell {
  status: "hand" | "drawn" | "table" | "known" | "waste" | "unseen";
  seat: Seat | null;
}

/** One seat in the tracker: its card count, the suits it has shown it lacks, how many of its cards the viewing seat can name, and the cards it drew from the waste pile and must still lead. */
export interface TrackerSeat {
  seat: Seat;
  name: string;
  cards: Count;
  voids: Suit[];
  known: Count;
  drew: Count;
  escaped: boolean;
}

/** An estimated chance and its 95 % interval: [p, lo, hi]. */
export type Chance = Probability[];

/** Estimated from samples deals that fit the seat's view, drawn with seed. cards: for each card the seat cannot place, per seat the chance that it holds the card (null for the viewing seat and seats without cards); follow: per seat and suit (S, H, D, C) the chance that it holds a card of the suit. */
export interface TrackerChances {
  samples: Count;
  seed: Seed;
  cards: Record<string, (Chance | null)[]>;
  follow: Chance[][];
}

/** What the person's seat knows about every card (bhabho_widget.coach.tracker), from its view alone. ranks: the grid's column order, strongest first; cells: by card code. */
export interface Tracker {
  seat: Seat;
  ranks: number[];
  cells: Record<string, TrackerCell>;
  seats: TrackerSeat[];
  waste_size: Count;
  hidden_drawn: Count;
  chances: TrackerChances | null;
}

/** A decision's grade, only when its loss's interval excludes 0 (coach/review.py: 3, 8, 20 points); null: not graded. */
export type Grade = "inaccuracy" | "mistake" | "blunder" | null;

/** The decision of the review whose position the view shows. */
export interface ReviewAt {
  /** From 0. */
  number: Count;
  /** How many decisions the review has. */
  count: Count;
  trick: Count;
  /** card: a card played; offer: a chance to take (take or pass). */
  kind: "card" | "offer";
  /** A card code, take or pass. */
  chosen: string;
  /** The best action measured: a card code, take or pass (outlined). */
  best: string;
  grade: Grade;
  grade_text: string | null;
}

/** Where Show me was asked from: the hint shown, a decision of the review, or the puzzle just answered. */
export type ShowSource = "hint" | "review" | "puzzle";

export interface PracticeTheme {
  key: string;
  title: string;
}

export interface PracticeRow {
  action: string;
  label: string;
  p: number;
  lo: number;
  hi: number;
  diff: number;
  diff_lo: number;
  diff_hi: number;
  answer: boolean;
  given: boolean;
}

export interface PracticeVerdict {
  solved: boolean;
  done: boolean;
  given: string;
  right: string;
  given_label: string;
  right_label: string;
  reason: string;
  deals: number;
  rollouts: number;
  margin: number;
  rows: PracticeRow[];
  rating_before: number | null;
  rating_after: number | null;
}

export interface PracticeState {
  asking: boolean;
  question: "card" | "take";
  puzzle: string;
  themes: PracticeTheme[];
  rating: number;
  rd: number;
  puzzle_rating: number | null;
  mode: "rated" | "streak" | "mistakes" | "set";
  theme: string | null;
  streak: number;
  best_streak: number;
  modes: ("rated" | "streak" | "mistakes" | "set")[];
  all_themes: PracticeTheme[];
  history: number[];
  accuracy: { key: string; title: string; solved: number; tried: number }[];
  lessons: { lesson: string; right: number; answered: number }[];
  mistakes: number;
  notice: string;
  verdict: PracticeVerdict | null;
}

/** Which imagined line: after the better action (the hint's, or the review's best), or after the worse one (the one the hint's reason explains, or the one chosen). */
export type ShowLine = "better" | "worse";

/** One imagined line Show me can play out: its action (a card code, take or pass) and the action in words. */
export interface ImagineLine {
  line: ShowLine;
  action: string;
  label: string;
}

/** Show me (bhabho_widget.table.showing): one imagined way the game can go after an action, on a deal of the hidden cards drawn from what the seat knew, never the real hidden cards. step 0 is the table before the action, 1 after it, then after each play, count steps in all. lines: the lines there are (one, the better, when no action is worse). trick_step: the step at which the action's trick ended in this line (null: not within the steps); trick_picker: who picked it up once the felt has come to that step (null: not yet, or it went round cleanly); outcome: that, in words, once it has ended (empty before). */
export interface ImagineInfo {
  source: ShowSource;
  /** The review's decision (from 0); null for a hint. */
  decision: Count | null;
  line: ShowLine;
  lines: ImagineLine[];
  step: Step;
  count: Step;
  /** This line's action: a card code, take or pass. */
  action: string;
  action_label: string;
  /** The step at which each trick of the line begins (0: the trick of the action), for the next trick and the end. */
  tricks: Step[];
  trick_step: Step | null;
  trick_picker: Seat | null;
  outcome: string;
}

/** One decision of the reviewed seat: the chance of ending as the bhabhi after the chosen action (p, with its 95 % interval lo..hi) and with the best (chance_before), the loss (chosen less best) with the interval of the paired difference. */
export interface ReviewDecision {
  number: Count;
  trick: Count;
  kind: "card" | "offer";
  chosen: string;
  best: string;
  chosen_label: string;
  best_label: string;
  p: Probability;
  lo: Probability;
  hi: Probability;
  chance_before: Probability;
  loss: number;
  loss_lo: number;
  loss_hi: number;
  grade: Grade;
  grade_text: string | null;
  /** The coach's reason for the best action. */
  reason: string;
  /** One legal action: never graded. */
  forced: boolean;
  /** How the chosen action compares with the best (the action the hint recommended), by the coach's one rule: best (it was the best), even (about as good: within the margin), worse (clearly; then graded). The row, the line under the table and the loss read it. */
  verdict: "best" | "even" | "worse";
  /** The decision in one line, as the kernel says it by that rule, in the person of the reviewed seat ("you chose", or a student's name for a teacher). */
  row: string;
}

/** An event of the game marked on the graph, as the reviewed seat may read it. */
export interface ReviewEvent {
  kind: "pickup" | "take" | "escape" | "draw";
  trick: Count;
  text: string;
}

/** The review of the game over for the person's seat (bhabho_widget.coach.review), worked out in the kernel in a thread. */
export interface Review {
  /** ready: offered (the Review button); running: being worked out (done of total decisions); done; cancelled; failed (error says why). */
  status: "ready" | "running" | "done" | "cancelled" | "failed";
  done: Count;
  total: Count;
  seat: Seat;
  /** The decision whose position the table shows; null: the end of the game. */
  at: Count | null;
  decisions: ReviewDecision[];
  events: ReviewEvent[];
  /** The numbers of the (at most three) decisions that cost most, costliest first. */
  costliest: Count[];
  counts: { inaccuracy: Count; mistake: Count; blunder: Count };
  error: string;
  /** The panel's title when the review is of someone else's game ("Review of Asha's game"); null: the person's own. */
  title: string | null;
}

/** A suggestion: action is a card code, "take" or "pass"; compared is the clearly worse action the text explains (Show me plays it out beside action), or null when none is clearly worse. */
export interface Hint {
  action: string;
  text: string;
  estimates: Estimate[];
  compared: string | null;
}

export interface Language {
  code: LanguageCode;
  name: string;
}

/** The settings of the game on the table, shown in the controls. */
export interface Config {
  players: NumPlayers;
  seed: number | null;
  variant: string;
  bots: string;
  language: string;
  rounds: Count | null;
}

/** Where the editor puts a card besides a seat: the trick on the table, the waste pile, or the box (out of the game). */
export type Place = "table" | "waste" | "box";

/** What an exercise made in the editor asks: which card to play, who picks up, take or pass. */
export type Question = "card" | "picker" | "take";

/** A position as one line of text (Game.position). */
export type PositionText = string;

/** What the position editor shows: where every card is, the leader, whether the opening trick is over, and what is wrong with the position (in the widget's language) or its text. */
export interface EditorView {
  version: Version;
  num_players: NumPlayers;
  /** One per seat, in the editor's language: the package's own names ("Player 0", "Player 1", …), as the tables and lessons it opens name those seats, where the seat a lesson is seen from is "You". */
  names: string[];
  /** The preset the rules are; null: rules of their own (from a loaded text). */
  variant: Name | null;
  hands: Card[][];
  table: TableCard[];
  waste: Card[];
  box: Card[];
  leader: Seat | null;
  opening_over: boolean;
  /** Whose card the next card put on the table is. */
  next_table_seat: Seat;
  /** The seat to play at the position; null while it is not valid. */
  to_play: Seat | null;
  /** The seats that may take the next player's hand at the position (rule 7). */
  takers: Seat[];
  /** What is wrong with the position, in one sentence; null when it is valid. */
  problem: string | null;
  /** The position text, when it is valid. */
  text: string | null;
  /** What the last Play it out or Open as a lesson put under the editor; empty when nothing. */
  outcome: string;
  /** The answer key of the lesson under the editor; null while there is none. */
  key: AnswerKey | null;
}

/** One action of an answer key: a card, or take or pass; the coach's chance p of ending as the bhabhi after it with its 95 % interval lo..hi (whole percentages); within: the coach counts it right (its choice, or as good within the simulations' margin); best: the coach's choice; accepted: the lesson counts it right. */
export interface AnswerRow {
  action: Card | TakeChoice;
  p: Probability;
  lo: Probability;
  hi: Probability;
  within: boolean;
  best: boolean;
  accepted: boolean;
}

/** The answer key of the lesson the editor opened: its version (echoed by edit_answer, so that a click on an older key is refused), the question's kind, the seat it asks, whether every hand is shown (the coach then plays on from the real deal), the continuations per action, who picks up (for a seat question: the rules' answer, with no rows), and a row per action. */
export interface AnswerKey {
  version: Version;
  kind: "card" | "take" | "seat";
  seat: Seat;
  shown: boolean;
  rollouts: Count;
  picker: Seat | null;
  rows: AnswerRow[];
}

/** How a student's question went: right at the first answer, right after more tries, answered but never right, passed without an answer, or not answered yet. */
export type ClassStatus = "right_first" | "right" | "wrong" | "skipped" | "open";

/** A review's decisions graded inaccuracy, mistake and blunder. */
export interface GradeCounts {
  inaccuracy: Count;
  mistake: Count;
  blunder: Count;
}

/** A question of a lesson handed out: its step, its prompt as the lesson asks it, and its kind. */
export interface ClassQuestion {
  step: Count;
  prompt: string;
  kind: "card" | "seat" | "take" | "puzzle";
}

/** Something handed out to the class: a lesson (with its questions), shared tables (and how many of them students sit at) or a set of puzzles (one question per puzzle, its prompt its themes). */
export interface ClassItem {
  id: string;
  kind: "lesson" | "table" | "puzzles";
  title: string;
  questions: ClassQuestion[];
  tables: Count;
}

/** A student of the class, and whether they agreed that their answers and games come to the teacher (null: not decided yet). */
export interface ClassStudent {
  name: string;
  consent: boolean | null;
}

/** One student's answers to one question of a lesson: its status, the tries to the first right answer, each answer as the student read it (a card, take or pass, a seat's name) and whether it was right. */
export interface ClassCell {
  student: string;
  item: string;
  step: Count;
  status: ClassStatus;
  tries: Count;
  answers: string[];
  correct: boolean[];
  /** A puzzle's: the student's rating's move over their attempts at it; null: a lesson's question. */
  rating: number | null;
}

/** A game over at a class table that a student sent: the table item, the round, the review's grade counts (worked out in the student's kernel from their own seat) and when it finished (seconds since 1970). */
export interface ClassGame {
  id: string;
  student: string;
  item: string;
  title: string;
  round: Count;
  counts: GradeCounts;
  finished: number;
}

/** The teacher's view of a class: its code and server (students join with them), the line a student runs to join, whether new students may join and how many the class takes, the students, the items handed out, one cell per student and question answered or skipped, the games students sent (the CSV comes on asking: class_csv), and the game open in the review under the view (null: none). version grows with every change. */
export interface ClassroomView {
  version: Version;
  code: string;
  title: string;
  teacher: string;
  server: string;
  join: string;
  joining: boolean;
  size: Count;
  students: ClassStudent[];
  items: ClassItem[];
  cells: ClassCell[];
  games: ClassGame[];
  open_game: string | null;
}

/** The kernel's answer to class_csv, sent as a custom message (not in the trait, which stays small for a big class): the file's name and the whole class as CSV text (TeacherClass.to_csv). */
export interface ClassCsvFile {
  type: "class_csv";
  name: string;
  csv: string;
}

/** Something handed out, as a student sees it: a lesson (with its number of questions) or a table. */
export interface StudentItem {
  id: string;
  kind: "lesson" | "table" | "puzzles";
  title: string;
  questions: Count;
}

/** What a student sent of one question: the lesson, the step, the question's number in the lesson (from 1), its prompt, its status, the tries and each answer as they read it. */
export interface StudentAnswer {
  item: string;
  title: string;
  step: Count;
  number: Count;
  prompt: string;
  status: ClassStatus;
  tries: Count;
  answers: string[];
}

/** A game a student sent: the table item, the round and the review's grade counts. */
export interface StudentGame {
  id: string;
  item: string;
  title: string;
  round: Count;
  counts: GradeCounts;
}

/** A student's view of a class: the class, whether they agreed to send their answers and games (null: not decided yet: the notice asks), the items handed out, what they sent (theirs only), and the item open under the view (null: none). version grows with every change. */
export interface StudentClassView {
  version: Version;
  code: string;
  title: string;
  teacher: string;
  name: string;
  consent: boolean | null;
  items: StudentItem[];
  answers: StudentAnswer[];
  games: StudentGame[];
  opened: string | null;
}

// ---- traits: synced by the kernel; the browser may write only BROWSER_WRITABLE ----

export interface Traits {
  /** The human seat's view; null until the kernel has a table. */
  view: View | null;
  pace: Pace;
  /** The teacher's switch, set in the kernel only. */
  reveal_all: boolean;
  /** Why the last message was refused; empty when none. */
  error: string;
  hint: Hint | null;
  /** What the person's seat knows about every card while the Tracker panel is open (the chances only while that layer is on); null while it is closed. */
  tracker: Tracker | null;
  /** The position editor's view (Editor only). */
  editor: EditorView | null;
  /** The review of the game over (Table only): null while the game goes on, at a shared table and in a lesson. */
  review: Review | null;
  score: Score | null;
  variants: string[];
  bot_levels: string[];
  languages: Language[];
  /** null in a lesson. */
  config: Config | null;
  /** The browser's message types the table takes now (its backend's: a local game, a seat at a shared table, a stored game, a lesson): the front end shows only the controls of these. A message of another type gets a sentence about the table. */
  capabilities: ("play" | "take" | "advance" | "undo" | "hint" | "new_game" | "set_language" | "goto" | "answer" | "set_deck" | "set_take_offers" | "tracker" | "review_start" | "review_cancel" | "review_show" | "show_me" | "show_step" | "show_close" | "practice_next")[];
  /** The table's take offers setting (set_take_offers); null: the table has none (a shared table, a lesson, a stored game). */
  take_offers: TakeOffers | null;
  /** How the suits are coloured; the browser asks for a change with set_deck. Until the kernel has this trait, the front end hides the deck switch and draws two colours. */
  deck: Deck;
  /** Texts of the front end by key (the keys of bhabho_widget/i18n/labels.json); a missing key shows the English text. */
  labels: Record<string, string>;
  /** The teacher's view of a class (TeacherClass only); null until the server told it. */
  classroom: ClassroomView | null;
  /** A student's view of a class (StudentClass only); null until the server told it. */
  class_student: StudentClassView | null;
  /** The language of the labels and of every text the kernel sends: the widget's lang attribute, and the plural rules (Intl.PluralRules) that pick a counted label's form. */
  lang: LanguageCode;
  /** Practice (a table over puzzles): the question, its themes, the learner's rating and progress; once answered, the verdict. Null at every other table. */
  practice: PracticeState | null;
}

export const BROWSER_WRITABLE = ["pace"] as const;

// ---- messages: the browser's model.send(...) ----

/** The person plays a card. */
export interface PlayMessage {
  type: "play";
  card: Card;
  version: Version;
}

/** The person takes the next player's hand. */
export interface TakeMessage {
  type: "take";
  version: Version;
}

/** A bot's next step, sent pace seconds after a view with waiting == "bot". */
export interface AdvanceMessage {
  type: "advance";
  version: Version;
}

/** Take back the person's last action and the bots' after it. */
export interface UndoMessage {
  type: "undo";
  version: Version;
}

/** Ask for a hint (the kernel sets the hint trait). */
export interface HintMessage {
  type: "hint";
}

/** Deal a new game. */
export interface NewGameMessage {
  type: "new_game";
  players: Players;
  seed: Seed | null;
  variant: Name;
  bots: Name;
  version: Version;
}

/** Switch the language of the kernel's texts and the labels. */
export interface SetLanguageMessage {
  type: "set_language";
  language: LanguageCode;
}

/** Lesson mode: show step index. */
export interface GotoMessage {
  type: "goto";
  index: Step;
}

/** Lesson mode: answer the exercise with a card code, a seat, or take/pass. */
export interface AnswerMessage {
  type: "answer";
  choice: Card | Seat | TakeChoice;
}

/** Switch the deck's colours (the kernel sets the trait deck). */
export interface SetDeckMessage {
  type: "set_deck";
  deck: Deck;
}

/** Set when the person is asked at their chance to take (a local table's setting; the kernel sets the trait take_offers). */
export interface SetTakeOffersMessage {
  type: "set_take_offers";
  offers: TakeOffers;
}

/** Open or close the Tracker panel, with or without its chances layer (the kernel sets the trait tracker). */
export interface TrackerMessage {
  type: "tracker";
  open: boolean;
  chances: boolean;
}

/** Review the game over for the person's seat (the kernel sets the trait review as it goes). */
export interface ReviewStartMessage {
  type: "review_start";
}

/** Stop the review being worked out. */
export interface ReviewCancelMessage {
  type: "review_cancel";
}

/** Show the position of a decision of the review (from 0), read-only; null: back to the end of the game. */
export interface ReviewShowMessage {
  type: "review_show";
  decision: Count | null;
}

/** Show me: play out on the felt one imagined way the game can go after the better (or the worse) action, from the hint shown (decision null) or from a decision of the review; also switches the line while showing. Refused on a stale version. */
export interface ShowMeMessage {
  type: "show_me";
  source: ShowSource;
  line: ShowLine;
  decision: Count | null;
  version: Version;
}

/** Show me: show step index (0: before the action) of the imagined line shown. Refused on a stale version or while nothing is shown. */
export interface ShowStepMessage {
  type: "show_step";
  index: Step;
  version: Version;
}

/** Show me: back to the live table, or to the review's position it was asked from. */
export interface ShowCloseMessage {
  type: "show_close";
}

/** Editor: the number of players (the cards of the seats that go back to the box). */
export interface EditPlayersMessage {
  type: "edit_players";
  players: NumPlayers;
  version: Version;
}

/** Editor: the rules, a preset of the trait variants. */
export interface EditRulesMessage {
  type: "edit_rules";
  variant: Name;
  version: Version;
}

/** Editor: put a card in a seat's hand, on the table (the next seat's card in the trick), on the waste pile or back in the box. */
export interface EditGiveMessage {
  type: "edit_give";
  card: Card;
  to: Seat | Place;
  version: Version;
}

/** Editor: deal the whole pack at random. */
export interface EditDealMessage {
  type: "edit_deal";
  version: Version;
}

/** Editor: put every card back in the box. */
export interface EditClearMessage {
  type: "edit_clear";
  version: Version;
}

/** Editor: the seat with the power, who leads the trick; null: the opening trick decides (rule 3). */
export interface EditLeaderMessage {
  type: "edit_leader";
  seat: Seat | null;
  version: Version;
}

/** Editor: whether the opening trick is over. */
export interface EditOpeningMessage {
  type: "edit_opening";
  over: boolean;
  version: Version;
}

/** Editor: set the position from its text. */
export interface EditLoadMessage {
  type: "edit_load";
  text: PositionText;
  version: Version;
}

/** Editor: play the position out at a table under the editor, the person at seat, bots at the others. */
export interface EditPlayOutMessage {
  type: "edit_play_out";
  seat: Seat;
  version: Version;
}

/** Editor: open the position as a lesson under the editor, asking question. */
export interface EditLessonMessage {
  type: "edit_lesson";
  question: Question;
  version: Version;
}

/** Editor: accept (or refuse) an action as a right answer of the lesson under the editor; key is the answer key's version. */
export interface EditAnswerMessage {
  type: "edit_answer";
  action: Card | TakeChoice;
  accepted: boolean;
  key: Version;
  version: Version;
}

/** Class, the teacher's view: open a student's game in the review under the view. */
export interface ClassReviewMessage {
  type: "class_review";
  game: string;
}

/** Class, the teacher's view: open (true) or close (false) the class to new students. */
export interface ClassJoiningMessage {
  type: "class_joining";
  open: boolean;
}

/** Class, the teacher's view: take at most this many students. */
export interface ClassSizeMessage {
  type: "class_size";
  size: number;
}

/** Class, the teacher's view: remove this student from the class with everything of theirs. */
export interface ClassRemoveMessage {
  type: "class_remove";
  student: string;
}

/** Class, the teacher's view: the Download CSV button; the kernel answers with a ClassCsvFile (a custom message). */
export interface ClassCsvMessage {
  type: "class_csv";
}

/** Class, a student's view: agree (true) or not (false) that their answers and finished games go to the teacher; version is the view's (a click on an older view is refused). */
export interface ClassAgreeMessage {
  type: "class_agree";
  consent: boolean;
  version: Version;
}

/** Class, a student's view: open an item handed out under the view. */
export interface ClassOpenMessage {
  type: "class_open";
  item: string;
}

/** Class, a student's view: delete everything they sent the class; version is the view's. */
export interface ClassForgetMessage {
  type: "class_forget";
  version: Version;
}

/** Practice: serve the next puzzle, of a theme (null: any) in a mode (rated: near your rating; streak: a little harder each time until the first miss; mistakes: the puzzles of your own games). */
export interface PracticeNextMessage {
  type: "practice_next";
  theme: null | "safe_lead" | "known_void" | "tochoo" | "play_under" | "keep_low" | "take" | "last_cards" | "opening";
  mode: "rated" | "streak" | "mistakes" | "set";
}

export type Message =
  | PlayMessage
  | TakeMessage
  | AdvanceMessage
  | UndoMessage
  | HintMessage
  | NewGameMessage
  | SetLanguageMessage
  | GotoMessage
  | AnswerMessage
  | SetDeckMessage
  | SetTakeOffersMessage
  | TrackerMessage
  | ReviewStartMessage
  | ReviewCancelMessage
  | ReviewShowMessage
  | ShowMeMessage
  | ShowStepMessage
  | ShowCloseMessage
  | EditPlayersMessage
  | EditRulesMessage
  | EditGiveMessage
  | EditDealMessage
  | EditClearMessage
  | EditLeaderMessage
  | EditOpeningMessage
  | EditLoadMessage
  | EditPlayOutMessage
  | EditLessonMessage
  | EditAnswerMessage
  | ClassReviewMessage
  | ClassJoiningMessage
  | ClassSizeMessage
  | ClassRemoveMessage
  | ClassCsvMessage
  | ClassAgreeMessage
  | ClassOpenMessage
  | ClassForgetMessage
  | PracticeNextMessage;

export type MessageType = Message["type"];

export const MESSAGE_TYPES: readonly MessageType[] = [
  "play",
  "take",
  "advance",
  "undo",
  "hint",
  "new_game",
  "set_language",
  "goto",
  "answer",
  "set_deck",
  "set_take_offers",
  "tracker",
  "review_start",
  "review_cancel",
  "review_show",
  "show_me",
  "show_step",
  "show_close",
  "edit_players",
  "edit_rules",
  "edit_give",
  "edit_deal",
  "edit_clear",
  "edit_leader",
  "edit_opening",
  "edit_load",
  "edit_play_out",
  "edit_lesson",
  "edit_answer",
  "class_review",
  "class_joining",
  "class_size",
  "class_remove",
  "class_csv",
  "class_agree",
  "class_open",
  "class_forget",
  "practice_next",
];

// ---- labels: every text of the front end, in English; the labels trait translates them ----

export const LABELS = {
  table_region: "Card table",
  controls_group: "Game controls",
  new_game: "New game",
  new_game_group: "New game",
  players: "Players",
  seed: "Seed",
  seed_placeholder: "random",
  variant: "Variant",
  bots: "Bots",
  variant_classic: "classic",
  variant_pick_up_form: "pick-up form",
  variant_discard_form: "discard form",
  variant_get_away: "get away",
  variant_whole_pile: "whole pile",
  variant_anticlockwise: "anticlockwise",
  variant_ace_low: "ace low",
  variant_no_draw: "no draw",
  variant_no_taking: "no taking",
  variant_teams: "teams",
  bots_random: "random",
  bots_rules: "rules of thumb",
  bots_search: "search",
  language: "Language",
  undo: "Undo",
  hint: "Hint",
  pass_take: "Pass",
  pass_take_aria: "Pass: keep your hand and let the table go on",
  take_offer_badge: "take or pass?",
  pace: "Pace",
  pace_aria: "Bot pace in seconds",
  pace_value: "{s} s",
  pace_valuetext: "{s} seconds",
  reveal_all: "Reveal all",
  reveal_all_title: "Teacher switch: set table.reveal_all = True in the notebook",
  four_colour: "Four-colour deck",
  take_offers: "Ask me to take",
  take_offers_always: "every time",
  take_offers_may_pay: "when taking may pay",
  take_offers_never: "never",
  take: "Take",
  take_from: "Take {name}'s hand",
  take_effect: "A take adds {target}'s {cards} to your {m}, and {target} escapes (rule 7).",
  waiting_kernel: "Waiting for the kernel…",
  log_title: "Log",
  log_aria: "Game log",
  lesson_group: "Lesson",
  lesson_start: "|<",
  lesson_start_aria: "Go to the start",
  lesson_back: "< Back",
  lesson_back_aria: "Back one step",
  lesson_next: "Next >",
  lesson_next_aria: "Next step",
  lesson_end: ">|",
  lesson_end_aria: "Go to the end",
  lesson_slider_aria: "Lesson step",
  lesson_step: "Step {i} of {n}",
  answers_group: "Answers",
  exercise_hint: "Hint",
  exercise_take: "Take the hand",
  exercise_pass: "Pass",
  skip_ask: "Skip this question? The next step shows its answer.",
  skip_confirm: "Skip it",
  skip_cancel: "Answer first",
  lesson_summary_title: "How the lesson went",
  seat_name: "Seat {n}",
  cards_zero: "{n} cards",
  cards_one: "{n} card",
  cards_two: "{n} cards",
  cards_few: "{n} cards",
  cards_many: "{n} cards",
  cards_other: "{n} cards",
  seat_cards_aria: "{name}'s cards",
  badge_bhabhi: "bhabhi",
  state_bhabhi: "the bhabhi",
  badge_escaped: "escaped #{n}",
  badge_power: "power",
  state_power: "has the power",
  badge_turn: "to play",
  badge_waiting: "waiting for the others",
  trick_number: "Trick {n}",
  led: "led",
  led_aria: "{suit} led",
  waste_aria: "Waste pile: {cards}",
  waste_label: "Waste {n}",
  trick_aria: "Cards on the table",
  played_by: "{card}, played by {name}",
  last_trick_aria: "Last trick: {cards}. {outcome}",
  outcome_waste: "To the waste pile",
  outcome_pickup: "Picked up by {name}",
  hand_aria: "Your hand, {cards}: {list}",
  hand_empty_aria: "{name}: no cards",
  hand_escaped: "You escaped!",
  hand_none: "No cards",
  hint_card_title: "Hint: play this card",
  hint_take_title: "Hint: take",
  hint_chart_aria: "Chance of ending as the bhabhi: {list}. Hinted: {hinted}.",
  hint_chart_item: "{label} {p} ({lo} to {hi})",
  hint_chart_title: "Chance of ending as the bhabhi",
  score_caption: "Bhabhi count",
  score_player: "Player",
  score_bhabhi: "Bhabhi",
  score_pot: "Pot: {n}",
  score_stalemates: "Stalemates: {n}",
  card_name: "{rank} of {suit}",
  card_playable: "{card}, playable",
  card_hinted: "{card}, playable, the hint's card",
  card_back: "face-down card",
  rank_A: "Ace",
  rank_K: "King",
  rank_Q: "Queen",
  rank_J: "Jack",
  suit_S: "spades",
  suit_H: "hearts",
  suit_D: "diamonds",
  suit_C: "clubs",
  tracker: "Tracker",
  tracker_button_title: "What you know about every card (key T)",
  tracker_title: "What you know about every card",
  tracker_chances: "Chances",
  tracker_percent: "{p} %",
  tracker_status_hand: "in your hand",
  tracker_status_drawn: "drawn by you from the waste pile: you must lead it",
  tracker_status_table: "on the table, played by {name}",
  tracker_status_known: "known in {name}'s hand",
  tracker_status_waste: "seen going to the waste pile",
  tracker_status_unseen: "unseen",
  tracker_cell: "{card}: {status}",
  tracker_chances_of: "chances: {list}",
  tracker_voids: "shows no {suits}",
  tracker_no_voids: "no void shown",
  tracker_drew: "must lead a card drawn from the waste pile",
  tracker_follow: "can follow: {list}",
  tracker_waste_pile: "Waste pile: {cards}",
  tracker_samples: "chances from {n} sampled deals",
  tracker_key: "Key",
  tracker_key_hand: "in your hand",
  tracker_key_drawn: "drawn by you from the waste pile: you must lead it",
  tracker_key_table: "on the table, framed in the colour of who played it",
  tracker_key_known: "known in another hand: the number or letter says whose",
  tracker_key_waste: "seen going to the waste pile",
  tracker_key_unseen: "unseen: in a hidden hand or the waste pile",
  tracker_key_chances: "bar: the chance that each player holds it, in their colour",
  tracker_key_void: "suit struck through: that player has shown none",
  tracker_keys: "Keys: T opens and closes the Tracker; in its grid the arrows move, and Escape closes it.",
  tracker_detail_prompt: "Point at, tap or focus a card to read what you know about it.",
  review: "Review",
  review_button_title: "Review your game: your chance of ending as the bhabhi after each decision, and the decisions that cost most",
  review_title: "Review of your game",
  review_progress: "Reviewing your decisions: {done} of {total}",
  review_cancel: "Cancel",
  review_cancelled: "The review was cancelled.",
  review_failed: "The review failed: {error}",
  review_graph: "Your chance of ending as the bhabhi after each decision, with its 95 % interval",
  review_axis_trick: "trick",
  review_point: "Decision {n}, trick {trick}: {chosen}, {p}",
  review_strip: "Each decision by its trick: a button shows its position",
  review_counts: "Inaccuracies: {inaccuracy} · Mistakes: {mistake} · Blunders: {blunder}",
  review_costliest: "The decisions that cost most",
  chance_key: "Each percentage is your chance of ending as the bhabhi, in the simulations: lower is better.",
  review_none: "No decision cost more than the estimates' uncertainty.",
  review_all: "Every decision",
  review_events: "The game's events",
  review_row: "Trick {trick}: you chose {chosen} ({after}); better was {best} ({before})",
  review_row_best: "Trick {trick}: you chose {chosen} ({after}), the best",
  review_row_even: "Trick {trick}: you chose {chosen} ({after}); {best} ({before}) is about as good",
  review_show_me_aria: "Show me trick {trick}, where you chose {chosen}: one imagined way it can go",
  show_me: "Show me",
  show_me_title: "Play it out on the table: one imagined way it can go after the better action and after the worse one",
  show_group: "Show me: an imagined game",
  show_banner: "Imagined: the hidden cards are made up from what you knew; one way it can go. Every hand is shown: they are imaginary.",
  show_tag: "Imagined",
  show_lines: "Which way to play it out",
  show_line_better: "After {action}: recommended",
  show_line_worse: "After {action}: clearly worse",
  show_line_best: "After {action}: the best",
  show_line_chosen: "After {action}: your choice",
  show_one_line: "No action is worse here: one way to play it out.",
  show_step: "Step {i} of {n} after {action}",
  show_step_trick: "Step {i} of {n} after {action}, trick {t} of {m}",
  show_back: "< Back",
  show_back_aria: "Back one step",
  show_next: "Next >",
  show_next_aria: "Next step",
  show_next_trick: "Next trick >>",
  show_next_trick_aria: "To the next trick",
  show_prev_trick: "<< Previous trick",
  show_prev_trick_aria: "To the trick before",
  show_end: "End >|",
  show_end_aria: "To the end of the imagined game",
  show_close: "Close",
  show_close_aria: "Close Show me and go back",
  show_result: "Imagined: {text}",
  review_loss: "{loss} points lost (95 %: {lo} to {hi})",
  review_loss_even: "{loss} points apart in these simulations, within their margin of error (95 %: {lo} to {hi})",
  review_back: "Back",
  review_next: "Next",
  review_end: "Back to the end",
  review_at: "Decision {n} of {count}",
  review_to_list: "Back to the list",
  review_best_mark: "The better action",
  review_event_pickup: "pickup",
  review_event_take: "hand taken",
  review_event_escape: "escape",
  review_event_draw: "drawn from the waste pile",
  editor_title: "Position editor",
  editor_setup: "Players and rules",
  editor_rules: "Rules",
  editor_custom_rules: "rules of their own",
  editor_deal: "Deal at random",
  editor_clear: "Clear",
  editor_table: "Table",
  editor_table_note: "The trick on the table, in play order. The next card put here is {name}'s.",
  editor_waste: "Waste pile",
  editor_box: "Box",
  editor_box_note: "Cards out of the game",
  editor_put: "Put here",
  editor_put_aria: "Put {card} here: {place}",
  editor_choose: "Choose a card, then where it goes: a seat, the table, the waste pile or the box.",
  editor_chosen: "{card} chosen: now choose where it goes.",
  editor_keys: "Keys: after a card, 0 to {last} for a seat, T for the table, W for the waste pile, B for the box; Escape lets go.",
  editor_leader: "Leader",
  editor_leader_opening: "the opening trick decides",
  editor_opening_over: "The opening trick is over",
  editor_valid: "The position is valid: {name} is to play.",
  editor_lesson_you: "You in the lesson",
  editor_text: "Position text",
  editor_copy: "Copy text",
  editor_copied: "Copied.",
  editor_copy_failed: "Select the text and copy it by hand.",
  editor_load_label: "Paste a position text",
  editor_load: "Load",
  editor_actions: "Use the position",
  editor_play_out: "Play it out",
  editor_play_seat: "Your seat",
  editor_lesson: "Open as a lesson",
  editor_question: "Question",
  editor_question_card: "which card to play",
  editor_question_picker: "who picks up",
  editor_question_take: "take or pass",
  editor_key_title: "Answer key",
  editor_key_shown: "Worked out with every hand as shown: each action played on {n} times from these very hands.",
  editor_key_sampled: "Worked out from what {name} knows: each action played on {n} times over deals of the hidden cards.",
  editor_key_help: "Tick the answers the lesson accepts; the lesson below follows at once.",
  editor_key_action: "Answer",
  editor_key_chance: "Chance of ending as the bhabhi",
  editor_key_interval: "95 % interval",
  editor_key_interval_value: "{lo} to {hi}",
  editor_key_coach: "Coach",
  editor_key_accepted: "Accepted",
  editor_key_best: "best",
  editor_key_within: "as good, within the margin",
  editor_key_worse: "clearly worse",
  editor_key_accept_aria: "Accept {action} as a right answer",
  editor_key_picker: "Who picks up is the rules' answer: {name}.",
  class_teacher_title: "Class {title}",
  class_code: "Class code: {code}",
  class_join_how: "Students join in their notebook with:",
  class_join_name: "Each student puts their own name in place of the dots.",
  class_places: "Students: {n} of {size} places",
  class_joining_open: "Open to new students.",
  class_joining_closed: "Closed to new students: those who have a place come back.",
  class_close_joining: "Close to new students",
  class_open_joining: "Open to new students",
  class_size_label: "Places",
  class_size_set: "Set places",
  class_roster: "Students",
  class_remove: "Remove",
  class_remove_aria: "Remove {name} from the class",
  class_remove_ask: "Remove {name} from the class, with everything they sent?",
  class_remove_yes: "Remove",
  class_remove_no: "Keep",
  class_no_students: "No student has joined yet.",
  class_no_lessons: "No lesson handed out yet.",
  class_grid_caption: "{title}: each student's answers, question by question",
  class_student_head: "Student",
  class_question_head: "Q{n}",
  class_question_aria: "Question {n}: {prompt}",
  class_status_right_first: "right first time",
  class_status_right: "right after {n} tries",
  class_status_wrong: "not answered right",
  class_status_skipped: "skipped",
  class_status_open: "not answered yet",
  class_consent_yes: "sends answers and games",
  class_consent_no: "sends nothing",
  class_consent_open: "has not decided yet",
  class_tables_title: "Tables handed out",
  class_tables_item: "{title}, tables: {n}",
  class_games_title: "Games at the class's tables",
  class_no_games: "No game sent yet.",
  class_game_row: "{student}: {title}, round {round}",
  class_game_open_aria: "Review {student}'s game, {title}, round {round}",
  class_game_opened: "open below",
  class_csv: "Download CSV",
  class_student_title: "Class {title}",
  class_you_are: "You are {name} in this class.",
  class_notice_title: "What your teacher sees",
  class_notice: "If you agree, your answers to this class's lessons (each answer, right or not, and the questions you skip) and your finished games at its tables, with the grade counts of their review worked out in this notebook from your own seat, go to your teacher. Nothing is sent before you agree; you can see and delete it here.",
  class_agree: "Send to my teacher",
  class_decline: "Don't send",
  class_agreed: "You agreed: your answers and finished games go to your teacher.",
  class_declined: "Nothing goes to your teacher; you can still open everything.",
  class_undecided: "Nothing has been sent.",
  class_items_title: "Handed out",
  class_nothing_handed: "Nothing handed out yet.",
  class_item_lesson: "Lesson, questions: {n}",
  class_item_table: "Shared table",
  class_open: "Open",
  class_open_aria: "Open {title}",
  class_opened: "open below",
  class_sent_title: "What you sent",
  class_sent_none: "Nothing sent.",
  class_sent_answer: "{title}, question {n}: {status}",
  class_sent_game: "{title}, round {round}",
  class_forget: "Delete what I sent",
  class_forget_ask: "Delete everything you sent this class? Your teacher will no longer see it.",
  class_forget_yes: "Delete it",
  class_forget_no: "Keep it",
  show_line_answer: "After {action}: the answer",
  show_line_yours: "After {action}: your move",
  practice_title: "Practice",
  practice_group: "Practice: the puzzle, its verdict and your progress",
  practice_rating: "Your rating: {r}",
  practice_rating_title: "Your Glicko-2 rating, with its deviation ±{rd}: it moves with every puzzle",
  practice_puzzle_rating: "This puzzle: {r}",
  practice_streak: "Streak: {n}",
  practice_best_streak: "Best streak: {n}",
  practice_next: "Next puzzle",
  practice_mode: "Puzzles",
  practice_mode_rated: "near my rating",
  practice_mode_streak: "a streak, harder each time",
  practice_mode_mistakes: "from my own mistakes",
  practice_theme: "Theme",
  practice_theme_any: "any theme",
  practice_ask_card: "Find the move: click the card you play.",
  practice_ask_take: "Find the move: Take or Pass?",
  practice_right: "Right!",
  practice_wrong: "Not this time.",
  practice_right_on: "Right! The line goes on: find the next move.",
  practice_answer: "The move: {right}. You played {given}.",
  practice_themes: "Themes: {list}",
  practice_reason: "The coach",
  practice_proof: "Proved over {deals} imagined deals of the hidden cards, {rollouts} continuations per move: every other move ends as the bhabhi at least {margin} points more often, beyond the margin of error.",
  practice_col_move: "Move",
  practice_col_chance: "Chance of ending as the bhabhi (95 %)",
  practice_col_diff: "More than the answer (95 %)",
  practice_cell_chance: "{p} ({lo} to {hi})",
  practice_cell_diff: "+{d} ({lo} to {hi})",
  practice_is_answer: "the answer",
  practice_is_yours: "your move",
  practice_rating_change: "Rating: {before} → {after} ({delta})",
  practice_progress: "Your progress",
  practice_history: "Your rating over your last puzzles",
  practice_history_aria: "Your rating after each of your last {n} puzzles, from {first} to {last}",
  practice_accuracy: "Solved, by theme",
  practice_accuracy_row: "{title}: {solved} of {tried}",
  practice_lessons: "Lessons",
  practice_lesson_row: "{lesson}: {right} of {answered} right first time",
  practice_none_yet: "Nothing yet: your first puzzle starts it.",
  practice_mistakes_left: "From your own mistakes, still to solve: {n}",
  practice_mode_set: "the teacher's set, in order",
  class_item_puzzles: "Puzzles: {n}",
  class_puzzle_head: "Puzzles",
  class_puzzle_summary: "{solved} of {tried} solved, rating {delta}",
} as const;

export type LabelKey = keyof typeof LABELS;

/** The CLDR plural categories: a counted label has a label `<base>_<category>` for each. */
export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;

/** Counted labels (protocol.json plural_labels). */
export const PLURAL_LABELS = ["cards"] as const;
export type PluralLabel = (typeof PLURAL_LABELS)[number];
