import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
    // Source maps stay out of the shipped folder's weight for phones; errors are logged server-side.
    sourcemap: false,
    rollupOptions: {
      output: {
        // React and the router change rarely: a chunk of their own stays cached across our releases.
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'react' : undefined,
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': 'http://localhost:3001', '/images': 'http://localhost:3001' },
  },
});
