import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths.js';

/** The service version, from package.json. */
export const version: string = (JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
