ALTER TABLE "identifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identifications" ADD COLUMN "signer_id" uuid;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "identity" jsonb;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "accepted_tou" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifications_signer_idx" ON "identifications" USING btree ("signer_id","created_at");--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_one_person" CHECK (("identifications"."user_id" is null) <> ("identifications"."signer_id" is null));