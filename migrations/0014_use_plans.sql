CREATE TABLE "use_plan_sends" (
	"plan_id" integer NOT NULL,
	"step" text NOT NULL,
	"channel" text NOT NULL,
	"message" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "use_plan_sends_plan_id_step_pk" PRIMARY KEY("plan_id","step")
);
--> statement-breakpoint
CREATE TABLE "use_plans" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"used_on" text NOT NULL,
	"channel" text NOT NULL,
	"planned_on" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "use_plan_sends" ADD CONSTRAINT "use_plan_sends_plan_id_use_plans_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."use_plans"("plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_plans" ADD CONSTRAINT "use_plans_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_plans" ADD CONSTRAINT "use_plans_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "use_plans_user_offer_idx" ON "use_plans" USING btree ("user_id","offer_id");--> statement-breakpoint
CREATE INDEX "use_plans_offer_idx" ON "use_plans" USING btree ("offer_id");