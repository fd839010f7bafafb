// Lint for every package: typescript-eslint's recommended rules plus the house conventions
// (type-only imports, no explicit any). The web app adds React's rules of hooks, jsx-a11y's recommended
// accessibility rules, no inline `style` props, and its layers (STYLE.md "The web app — after bulletproof-react",
// docs/architecture.md §3 "web/"): app → features → shared, and features never import each other.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_SOURCES = ['web/src/**/*.{ts,tsx}', 'web/test/**/*.{ts,tsx}'];


export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },

  // The web app.
  {
    files: WEB_SOURCES,
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: WEB_SOURCES,
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: WEB_SOURCES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style']",
          message: 'No inline styles: use Mantine style props or a CSS module (*.module.css).',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'routes', pattern: 'web/src/routes' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['featureName'] },
        { type: 'shared', pattern: ['web/src/config', 'web/src/lib', 'web/src/ui', 'web/src/widgets'] },
        { type: 'respondent', pattern: 'web/src/respondent' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'Web layers go app → features → shared (config, lib, ui, widgets); a feature imports only itself and shared code (compose features in src/routes); the public form (src/respondent) imports itself and the UI-library-free parts of shared code only.',
          policies: [
            {
              from: { element: { types: { anyOf: ['app', 'routes'] } } },
              allow: { to: { element: { types: { anyOf: ['app', 'routes', 'feature', 'shared', 'respondent'] } } } },
            },
            {
              from: { element: { types: { anyOf: ['feature', 'respondent'] } } },
              allow: { to: { element: { type: 'respondent' } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { featureName: '{{ from.captured.featureName }}' } } } },
            },
            {
              from: { element: { types: { anyOf: ['feature', 'shared', 'respondent'] } } },
              allow: { to: { element: { type: 'shared' } } },
            },
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
          ],
        },
      ],
    },
  },
  {
    // The public form's own entry (docs/architecture.md "The public form's bundle"): no UI library, router, query
    // cache or zod, and of the shared code only what is free of them. The bundle-size test measures the result.
    files: ['web/src/respondent/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@mantine/*', '@tanstack/*', 'react-router', 'react-router-dom', 'zod', '@dnd-kit/*', '@tiptap/*', 'prosemirror-*'], message: 'The public form carries no UI library, router, query cache, rich text editor or zod (≤ 100 KB gzipped).' },
            { regex: '^\\.\\.?/(?:\\.\\./)*(?:widgets|features|app|routes|config)/|/ui/(?:logo|states)$', message: 'Editor and app code stays out of the public form: import from src/respondent, lib/api-client, ui/icons or ui/logo-mark.' },
          ],
        },
      ],
    },
  },
);
