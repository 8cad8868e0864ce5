// A problem found in the schemas, reported as `file: attribute path: what is wrong`.
// Validation collects every problem before failing, so one run shows the user all of them.

export interface Problem {
  /** Schema file path relative to the input directory (posix separators). */
  file: string;
  /** Where in the file, e.g. `attributes.author.target`; empty for the file as a whole. */
  path: string;
  message: string;
}

/** Reports one problem at a path of the file the reporter is bound to. */
export type Report = (path: string, message: string) => void;

export function formatProblem(problem: Problem): string {
  return problem.path ? `${problem.file}: ${problem.path}: ${problem.message}` : `${problem.file}: ${problem.message}`;
}

/** Thrown when the schemas cannot be turned into a model; carries every problem found. */
export class ValidationFailed extends Error {
  readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[]) {
    super(`${problems.length} schema problem${problems.length === 1 ? '' : 's'}:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'ValidationFailed';
    this.problems = problems;
  }
}

/** Collects problems; `at(file)` gives a reporter bound to one file. */
export class ProblemList {
  readonly items: Problem[] = [];

  at(file: string): Report {
    return (path, message) => {
      this.items.push({ file, path, message });
    };
  }
}

/** Attribute path helper: `attributes.<name>` optionally followed by a key. */
export function attributePath(name: string, key?: string): string {
  return key === undefined ? `attributes.${name}` : `attributes.${name}.${key}`;
}
