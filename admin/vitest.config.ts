import { defineProject } from 'vitest/config';

// Only the pure rules are unit-tested here; the screens are covered by e2e/.
export default defineProject({
  test: {
    name: 'admin',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
