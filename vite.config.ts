import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const chakraTheme = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'node_modules/@chakra-ui/react/dist/esm/theme/',
);

/** Also used by the 'ui' test project (vitest.config.ts), where the extended config's aliases do not apply. */
export const chakraThemeAlias = [
  { find: /^@chakra-ui\/react\/theme\/(.+)$/, replacement: `${chakraTheme}$1.js` },
];

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:8000';

export default defineConfig({
  // The router plugin must come before react(): it generates src/routeTree.gen.ts and splits routes.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: {
    // Single theme modules (not exported by the package): src/ui/system.ts and src/ui/recipes.ts import
    // tokens and recipes one by one, so the main bundle holds only what the lean system uses and each
    // heavier recipe lands in the chunks of the routes that render it.
    alias: chakraThemeAlias,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
