// A Dockerfile's steps run as shell commands, for a machine without docker: each stage is a fresh
// folder standing in for the image's file system, `COPY . .` copies the build context without what
// .dockerignore names, RUN runs through `sh -c` in the WORKDIR with the stage's ENV, and the last
// stage's CMD is what `docker run` would start. The Node image's own node and npm are this machine's.
// An instruction or form this does not know fails the run, so the Dockerfile cannot outgrow it unnoticed.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

interface Stage {
  name: string;
  /** The folder standing in for the stage's root file system. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  cmd?: string[];
  exposed: string[];
}

export interface BuiltImage {
  /** The final stage's WORKDIR, on this machine. */
  dir: string;
  env: Record<string, string>;
  cmd: string[];
  exposed: string[];
}

/** Instructions with line continuations joined, comments and blank lines left out. */
function instructions(text: string): string[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** .dockerignore as plain paths (the forms the scaffolded file uses; a pattern fails the run). */
function ignoredPaths(context: string): string[] {
  const file = join(context, '.dockerignore');
  if (!existsSync(file)) return [];
  return instructions(readFileSync(file, 'utf8')).map((line) => {
    if (/[*?[\]!]/.test(line)) throw new Error(`.dockerignore: the pattern "${line}" is not supported here`);
    return line.replace(/^\/+|\/+$/g, '');
  });
}

const inside = (stage: Stage, path: string): string => join(stage.root, resolve(stage.workdir, path));

/**
 * Runs the build of `context`'s Dockerfile under `root` (a folder per stage); RUN steps get
 * `baseEnv` plus the stage's ENV. Returns the final stage, ready for its CMD.
 */
export function runDockerBuild(context: string, root: string, baseEnv: NodeJS.ProcessEnv, timeoutMs: number): BuiltImage {
  const stages: Stage[] = [];
  const current = (): Stage => {
    const stage = stages.at(-1);
    if (!stage) throw new Error('Dockerfile: an instruction before FROM');
    return stage;
  };
  for (const line of instructions(readFileSync(join(context, 'Dockerfile'), 'utf8'))) {
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    switch (keyword.toUpperCase()) {
      case 'FROM': {
        const as = /\sAS\s+(\S+)$/i.exec(line);
        const stageRoot = join(root, `stage-${stages.length}`);
        mkdirSync(stageRoot, { recursive: true });
        stages.push({ name: as?.[1] ?? String(stages.length), root: stageRoot, workdir: '/', env: {}, exposed: [] });
        break;
      }
      case 'WORKDIR': {
        const stage = current();
        stage.workdir = resolve(stage.workdir, args);
        mkdirSync(inside(stage, '.'), { recursive: true });
        break;
      }
      case 'ENV':
        for (const pair of rest) {
          const match = /^([A-Za-z_][A-Za-z0-9_]*)=([^"'\s]*)$/.exec(pair);
          if (!match) throw new Error(`Dockerfile: ENV ${pair} is not a plain KEY=value`);
          current().env[match[1]] = match[2];
        }
        break;
      case 'COPY': {
        const stage = current();
        const from = /^--from=(\S+)$/.exec(rest[0] ?? '');
        if (from) {
          const source = stages.find((s) => s.name === from[1]);
          if (!source || rest.length !== 3) throw new Error(`Dockerfile: ${line} is not supported here`);
          cpSync(join(source.root, rest[1]), inside(stage, rest[2]), { recursive: true, verbatimSymlinks: true });
        } else {
          if (rest.join(' ') !== '. .') throw new Error(`Dockerfile: ${line} is not supported here (only COPY . .)`);
          const ignored = ignoredPaths(context);
          cpSync(context, inside(stage, '.'), {
            recursive: true,
            verbatimSymlinks: true,
            filter: (source) => {
              const path = relative(context, source).split(sep).join('/');
              return !ignored.some((ignore) => path === ignore || path.startsWith(`${ignore}/`));
            },
          });
        }
        break;
      }
      case 'RUN': {
        const stage = current();
        if (args.startsWith('[')) throw new Error(`Dockerfile: RUN in exec form is not supported here`);
        const result = spawnSync('sh', ['-c', args], { cwd: inside(stage, '.'), env: { ...baseEnv, ...stage.env }, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
        if (result.status !== 0) throw new Error(`Dockerfile: RUN ${args} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
        break;
      }
      case 'EXPOSE':
        current().exposed.push(...rest);
        break;
      case 'CMD': {
        const cmd = JSON.parse(args) as unknown;
        if (!Array.isArray(cmd) || !cmd.every((part) => typeof part === 'string')) throw new Error('Dockerfile: CMD must be in exec form (a JSON array)');
        current().cmd = cmd;
        break;
      }
      default:
        throw new Error(`Dockerfile: ${keyword} is not supported here`);
    }
  }
  const last = current();
  if (!last.cmd) throw new Error('Dockerfile: the final stage has no CMD');
  return { dir: inside(last, '.'), env: last.env, cmd: last.cmd, exposed: last.exposed };
}
