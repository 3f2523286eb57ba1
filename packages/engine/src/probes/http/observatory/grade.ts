import { type ObservatoryOutcome, type ObservatoryTest, observatoryOutcomes } from "./outcomes.js";

export const observatoryGrades = [
  "A+",
  "A",
  "A-",
  "B+",
  "B",
  "B-",
  "C+",
  "C",
  "C-",
  "D+",
  "D",
  "D-",
  "F",
] as const;
export type ObservatoryGradeLetter = (typeof observatoryGrades)[number];

/** The Observatory's grade for each multiple of 5, from 100 down (`GRADE_CHART`). */
const gradeChart: ReadonlyArray<[floor: number, grade: ObservatoryGradeLetter]> = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

/** Bonuses count only when the score without them is already an A. */
const extraCreditFloor = 90;

export interface ObservatoryTestResult {
  outcome: ObservatoryOutcome;
  pass: boolean;
  scoreModifier: number;
}

export interface ObservatoryGrade {
  score: number;
  grade: ObservatoryGradeLetter;
  tests: Record<ObservatoryTest, ObservatoryTestResult>;
}

/**
 * Score and grade by the Observatory's published rules (`src/scanner/index.js`): start at 100,
 * add every test's modifier; positive ones only when the penalties alone leave 90 or more; the
 * score never goes below 0; the grade is that of the score rounded down to a multiple of 5
 * (100 and more: A+).
 */
export function gradeOutcomes(
  outcomes: Record<ObservatoryTest, ObservatoryOutcome>,
): ObservatoryGrade {
  const tests = {} as Record<ObservatoryTest, ObservatoryTestResult>;
  let withBonuses = 100;
  let penaltiesOnly = 100;
  for (const [test, outcome] of Object.entries(outcomes) as [
    ObservatoryTest,
    ObservatoryOutcome,
  ][]) {
    const { modifier, pass } = observatoryOutcomes[outcome];
    tests[test] = { outcome, pass, scoreModifier: modifier };
    withBonuses += modifier;
    if (modifier < 0) penaltiesOnly += modifier;
  }
  const score = Math.max(0, penaltiesOnly >= extraCreditFloor ? withBonuses : penaltiesOnly);
  return { score, grade: gradeForScore(score), tests };
}

export function gradeForScore(score: number): ObservatoryGradeLetter {
  const floor = Math.min(100, score - (score % 5));
  return gradeChart.find(([least]) => floor >= least)![1];
}
