import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'locales',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
