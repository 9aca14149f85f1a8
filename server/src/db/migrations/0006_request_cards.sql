CREATE TABLE "request_cards" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"card" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_cards" ADD CONSTRAINT "request_cards_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;