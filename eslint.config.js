// `npm run lint` (and `npm test` before its tests): the recommended rules of ESLint, typescript-eslint,
// Astro, React's hooks and jsx-a11y. Formatting is Prettier's alone (.prettierrc), so no rule here is
// about layout.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // Generated or installed, not written here (.gitignore).
  globalIgnores([
    'node_modules/',
    'src/paraglide/',
    'src/paraglide-per-message/',
    'dist/',
    'tmp/',
    'data/',
    'builds/',
    '.astro/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
    // The plugin object Astro's a11y rules registered above (a second one under the same name is refused).
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Off: these three advise for the React Compiler, which the islands are not built with. They refuse
      // the hydration flag set in an effect, the latest-callback ref and a mount's module-level opener.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/globals': 'off',
    },
  },
  {
    // The same tree holds browser code (islands, page scripts) and Node code (server, scripts, tests);
    // TypeScript's own checks (tsconfig.json) say which globals each may use.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // A leading _ marks a binding left unused on purpose, such as a field taken out of an object by a rest.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Off: the contracts' patterns name the control characters (\x00-\x1f) on purpose, to refuse them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['tests/**'],
    // Off in tests: they cast untyped JSON answers and private parts to reach into them.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
]);
