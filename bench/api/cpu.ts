import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the cores went during one measured run, in % of one core (2 cores = 200%): the API
 * server, PostgreSQL, the bench itself (autocannon or the raw loop) and anything else. On a
 * 2-core machine all three share the CPU, so a figure only means something next to this split;
 * "other" above a few % says another job skewed the run.
 *
 * Server and bench are read exactly (long-lived processes). PostgreSQL is what remains of the
 * machine's busy time, because its parallel workers come and go between samples. "Other" is
 * sampled every half second from /proc, so short-lived foreign processes are undercounted.
 */
export type CpuShare = {
  server: number;
  postgres: number;
  bench: number;
  other: number;
  busiest: string;
};

/** USER_HZ: the unit of /proc CPU times; 100 on every mainstream Linux build. */
const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 500;

const machineBusyTicks = () => {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const [, ...fields] = line.trim().split(/\s+/).map(Number);
  const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
  return total - (fields[3] ?? 0) - (fields[4] ?? 0); // minus idle and iowait
};

/** utime + stime of a process, and its name; null once it has gone. */
function processTicks(pid: number): { ticks: number; comm: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    // Fields after "pid (comm)": state is the 3rd field overall, utime the 14th, stime the 15th.
    const rest = stat.slice(close + 2).split(' ');
    return { ticks: Number(rest[11]) + Number(rest[12]), comm };
  } catch {
    return null;
  }
}

export function startCpuSampler(serverPid: number | null) {
  const started = performance.now();
  const busy0 = machineBusyTicks();
  const server0 = serverPid ? (processTicks(serverPid)?.ticks ?? 0) : 0;
  const bench0 = process.cpuUsage();
  const last = new Map<number, number>();
  const foreign = new Map<string, number>();
  let first = true;

  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      // The bench, its launcher (npm, idle) and the server are not "other work".
      if (
        !Number.isInteger(pid) ||
        pid === process.pid ||
        pid === process.ppid ||
        pid === serverPid
      )
        continue;
      const info = processTicks(pid);
      if (!info || info.comm === 'postgres') continue;
      const before = last.get(pid);
      // A process first seen after the start began during the run: all of its time counts.
      const delta = before === undefined ? (first ? 0 : info.ticks) : info.ticks - before;
      last.set(pid, info.ticks);
      if (delta > 0) foreign.set(info.comm, (foreign.get(info.comm) ?? 0) + delta);
    }
    first = false;
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);

  return {
    stop: (): CpuShare => {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - started) / 1000;
      const percent = (ticks: number) => (100 * ticks) / TICKS_PER_SECOND / seconds;
      const usage = process.cpuUsage(bench0);
      const benchTicks = ((usage.user + usage.system) / 1e6) * TICKS_PER_SECOND;
      const serverTicks = serverPid ? (processTicks(serverPid)?.ticks ?? server0) - server0 : 0;
      const otherTicks = [...foreign.values()].reduce((sum, n) => sum + n, 0);
      const busy = machineBusyTicks() - busy0;
      const top = [...foreign].sort((a, b) => b[1] - a[1])[0];
      return {
        server: percent(serverTicks),
        bench: percent(benchTicks),
        other: percent(otherTicks),
        postgres: percent(Math.max(0, busy - serverTicks - benchTicks - otherTicks)),
        busiest: top ? `${top[0]} ${percent(top[1]).toFixed(0)}%` : 'none',
      };
    },
  };
}
