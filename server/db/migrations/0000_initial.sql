CREATE TYPE "public"."gender" AS ENUM('Male', 'Female');--> statement-breakpoint
CREATE TYPE "public"."subscription_type" AS ENUM('Free', 'Plan1', 'Plan2');--> statement-breakpoint
CREATE TABLE "counters" (
	"key" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" varchar(255),
	"sku" varchar(255),
	"owner_id" uuid NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(255) NOT NULL,
	"hashed_password" text NOT NULL,
	"full_name" varchar(255),
	"is_active" boolean DEFAULT true NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"major" varchar(255),
	"phone" varchar(32),
	"birth_date" date,
	"gender" "gender",
	"subscription_type" "subscription_type" DEFAULT 'Free' NOT NULL,
	"is_email_confirmed" boolean DEFAULT false NOT NULL,
	"confirm_code" varchar(6),
	"confirm_code_expires_at" timestamp with time zone,
	"confirm_code_attempts" integer DEFAULT 0 NOT NULL,
	"confirm_code_sent_at" timestamp with time zone,
	"fcm_token" text,
	"profile_photo_version" varchar(32),
	"profile_photo_type" varchar(64),
	"asset_version" varchar(32),
	"asset_name" varchar(255),
	"asset_type" varchar(255),
	"asset_size" bigint,
	"token_version" integer DEFAULT 0 NOT NULL,
	"kept_session_id" varchar(64),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_created_at_idx" ON "items" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_owner_created_at_idx" ON "items" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);