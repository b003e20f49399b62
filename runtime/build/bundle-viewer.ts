/**
 * Builds the viewer page at build time (`npm run build`): esbuild bundles web/viewer/viewer.ts
 * with mediasoup-client into one minified script, and the page's HTML is copied beside it, into
 * dist/web/viewer/. The service serves both from there (the viewer-page route); nothing is
 * bundled at run time and the browser loads nothing from anywhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../paths.js';

export const viewerSourceDir = path.join(projectRoot, 'web/viewer');
export const viewerBuildDir = path.join(projectRoot, 'dist/web/viewer');

export async function bundleViewer(): Promise<{ bytes: number }> {
  fs.mkdirSync(viewerBuildDir, { recursive: true });
  const result = await build({
    entryPoints: [path.join(viewerSourceDir, 'viewer.ts')],
    outfile: path.join(viewerBuildDir, 'viewer.js'),
    bundle: true,
    minify: true,
    sourcemap: 'linked',
    format: 'iife',
    platform: 'browser',
    // Browsers that have WebRTC's Unified Plan and RTCRtpTransceiver: what mediasoup-client needs.
    target: ['chrome111', 'firefox115', 'safari16'],
    legalComments: 'eof',
    logLevel: 'warning',
    metafile: true,
  });
  fs.copyFileSync(path.join(viewerSourceDir, 'index.html'), path.join(viewerBuildDir, 'index.html'));
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  return { bytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(projectRoot, 'dist/runtime/build/bundle-viewer.js')) {
  const { bytes } = await bundleViewer();
  process.stdout.write(`[setup] viewer page bundled (${(bytes / 1024).toFixed(0)} KiB with source map) into dist/web/viewer\n`);
}
