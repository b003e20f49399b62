/**
 * Bundles workflows/index.js once at build time into dist/workflows-bundle.js, so that workers
 * start in well under a second instead of running webpack at every start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { projectRoot } from '../paths.js';

export const workflowsEntry = path.join(projectRoot, 'dist/workflows/index.js');
export const workflowBundlePath = path.join(projectRoot, 'dist/workflows-bundle.js');

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(projectRoot, 'dist/runtime/temporal/bundle-workflows.js')) {
  const { code } = await bundleWorkflowCode({ workflowsPath: workflowsEntry, logger: new DefaultLogger('WARN') });
  fs.writeFileSync(workflowBundlePath, code);
  process.stdout.write(`[setup] workflow bundle written (${(code.length / 1024).toFixed(0)} KiB)\n`);
}
