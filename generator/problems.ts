// A problem found in the schemas, reported as `file: attribute path: what is wrong`.
// Validation collects every problem before failing, so one run shows the user all of them.
// Warnings have the same shape (`file: path: cms-gen ignores X (why)`) and never fail a build.

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
  /** The warnings found on the way, printed with the problems. */
  readonly warnings: readonly Problem[];

  constructor(problems: readonly Problem[], warnings: readonly Problem[] = []) {
    super(`${problems.length} schema problem${problems.length === 1 ? '' : 's'}:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'ValidationFailed';
    this.problems = problems;
    this.warnings = warnings;
  }
}

/** Collects problems; `at(file)` gives a reporter bound to one file, `warnAt(file)` one for warnings. */
export class ProblemList {
  readonly items: Problem[] = [];
  /** What the build goes on without: schema settings cms-gen does not act on, read the way Strapi reads them. */
  readonly warnings: Problem[] = [];

  at(file: string): Report {
    return (path, message) => {
      this.items.push({ file, path, message });
    };
  }

  warnAt(file: string): Report {
    return (path, message) => {
      this.warnings.push({ file, path, message });
    };
  }
}

/** Attribute path helper: `attributes.<name>` optionally followed by a key. */
export function attributePath(name: string, key?: string): string {
  return key === undefined ? `attributes.${name}` : `attributes.${name}.${key}`;
}
