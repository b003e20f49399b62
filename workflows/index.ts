/** Every workflow the worker registers (bundled by runtime/temporal/bundle-workflows.ts). */
export { deliverWebhook } from './webhook-delivery/workflow.js';
export { cloneVoice } from './voice-clone/workflow.js';
