CREATE TABLE "api_token_generations" (
	"user_id" integer NOT NULL,
	"computer_controller_id" integer NOT NULL,
	"generation" integer NOT NULL,
	CONSTRAINT "api_token_generations_user_id_computer_controller_id_pk" PRIMARY KEY("user_id","computer_controller_id")
);
--> statement-breakpoint
CREATE TABLE "api_token_revocations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"revoked_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_token_generations" ADD CONSTRAINT "api_token_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_generations" ADD CONSTRAINT "api_token_generations_computer_controller_id_computer_controllers_id_fk" FOREIGN KEY ("computer_controller_id") REFERENCES "public"."computer_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_revocations" ADD CONSTRAINT "api_token_revocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;