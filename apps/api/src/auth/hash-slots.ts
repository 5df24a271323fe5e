import os from 'node:os';

/**
 * At most `slots` tasks at once; the others wait their turn, first come first served. Password hashing
 * goes through one of these (passwords.ts).
 */
export function createHashSlots(slots: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot take it in between.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * How many password hashes run at once. argon2id runs on libuv's threads (four unless
 * UV_THREADPOOL_SIZE says otherwise) and holds 19 MiB each: more hashes than cores only wait for the CPU
 * while holding their memory, and every thread that file reads and writes need too. A storm of sign-ins
 * would stall every download. One thread stays free for the files.
 */
export function countHashSlots(): number {
  const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(os.availableParallelism(), threads - 1));
}
