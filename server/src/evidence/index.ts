export { canonicalJson, eventHash, GENESIS_HASH } from './hash.ts';
export {
  currentDocumentHashes,
  type EventActor,
  type EventMeta,
  type RecordEventInput,
  recordEvent,
} from './record-event.ts';
export { type ChainVerdict, verifyChain } from './verify-chain.ts';
