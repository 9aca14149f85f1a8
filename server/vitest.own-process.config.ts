import { defineProject } from 'vitest/config';
import { OWN_PROCESS, serverTest } from './vitest.config.ts';

/** The server tests that measure their whole process, each in a child process of its own. */
export default defineProject({
  test: {
    ...serverTest,
    name: 'server-own-process',
    include: OWN_PROCESS,
    pool: 'forks',
  },
});
