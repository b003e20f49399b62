/**
 * The shape of the house, checked by `npm run lint` (dependency-cruiser): one floor per top-level
 * folder, each importing only from the floors below it, and the composition root on top.
 *
 *   http/server/   the composition root (entry points, role builders): nothing imports it
 *   http/          the Fastify layer: routes, plugins, the services bag
 *   workflows/     Temporal workflows, their activities and the worker role
 *   media/         rooms, publishing (encoder, frame pacer), speech clients, the avatar
 *   actors/        session actors; actors/session/realtime.ts is the one contract media implements
 *   runtime/       infrastructure, domain services, the actor runtime, the core builder
 *
 * web/ (the viewer page, bundled for the browser) may read media/rooms/signaling.ts, the wire
 * format it speaks; test/ may import anything. docs/ARCHITECTURE.md explains each floor.
 */
const floors = ['runtime', 'actors', 'media', 'workflows', 'http'];

/** One rule per floor: it must not import a floor above it. */
const noUpwardImports = floors.slice(0, -1).map((floor, i) => ({
  name: `no-upward-import-from-${floor}`,
  comment: `${floor}/ sits below ${floors.slice(i + 1).join(', ')}: it must not import them (docs/ARCHITECTURE.md)`,
  severity: 'error',
  from: { path: `^${floor}/` },
  to: { path: `^(${floors.slice(i + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...noUpwardImports,
    {
      name: 'composition-root-on-top',
      comment: 'http/server/ composes the service; nothing in the service imports it (only tests and entry points do)',
      severity: 'error',
      from: { path: '^(runtime|actors|media|workflows|http)/', pathNot: '^http/server/' },
      to: { path: '^http/server/' },
    },
    {
      name: 'web-reads-only-the-signalling-format',
      comment: 'the viewer page is browser code: of the service it may only read the signalling unions',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(runtime|actors|media|workflows|http)/', pathNot: '^media/rooms/signaling\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'a module cycle: split what both sides need into a module below them',
      severity: 'error',
      from: { path: '^(runtime|actors|media|workflows|http|web)/' },
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'a module nothing imports and that is no entry point: dead code, or an entry point to list here',
      severity: 'error',
      from: {
        orphan: true,
        path: '^(runtime|actors|media|workflows|http)/',
        pathNot: [
          '\\.d\\.ts$',
          '^http/server/main\\.ts$',
          '^runtime/cli\\.ts$',
          '^runtime/llm/llm-server\\.ts$',
          '^runtime/temporal/bundle-workflows\\.ts$',
          '^runtime/build/bundle-viewer\\.ts$',
          '^workflows/index\\.ts$',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|\\.data|\\.tools)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
