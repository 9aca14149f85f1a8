ALTER TABLE "seals" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "seals" ADD COLUMN "pdf_image_key" text;--> statement-breakpoint
ALTER TABLE "seals" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "seals" ADD COLUMN "image_height" integer;