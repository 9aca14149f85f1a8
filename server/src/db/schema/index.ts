// Every table file in this folder, re-exported: drizzle-kit reads this for migrations and the
// database client uses it for relational queries. Add one line per new schema file.

export * from './api-users.ts';
export * from './attachments.ts';
export * from './business-domains.ts';
export * from './business-events.ts';
export * from './business-identifications.ts';
export * from './business-invitations.ts';
export * from './business-members.ts';
export * from './business-signature-months.ts';
export * from './business-signatures.ts';
export * from './businesses.ts';
export * from './documents.ts';
export * from './email-confirmations.ts';
export * from './issued-certificates.ts';
export * from './mab-sessions.ts';
export * from './maintenance.ts';
export * from './observers.ts';
export * from './outbox.ts';
export * from './page-renders.ts';
export * from './password-resets.ts';
export * from './payments.ts';
export * from './price-plans.ts';
export * from './rate-limits.ts';
export * from './request-documents.ts';
export * from './request-event-heads.ts';
export * from './request-events.ts';
export * from './request-inbox.ts';
export * from './sandbox-dns-records.ts';
export * from './seals.ts';
export * from './sessions.ts';
export * from './signature-requests.ts';
export * from './signer-groups.ts';
export * from './signer-tans.ts';
export * from './signers.ts';
export * from './signing-keys.ts';
export * from './users.ts';
