CREATE TABLE "image_variants" (
	"sha256" text NOT NULL,
	"width" smallint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "image_variants_sha256_width_pk" PRIMARY KEY("sha256","width")
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_sha256_images_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."images"("sha256") ON DELETE no action ON UPDATE no action;