-- Why a queue run failed becomes a code each interface words in its own language (docs/design.md §14). The
-- English texts stored so far become their codes, in the same update that reads them; any other text was the
-- message of an error that stopped a start: a start not made, with the error's code when the text is the usual
-- message of one a start meets (the gateway or board offline or late, consent), without one otherwise.
ALTER TABLE "print_queue_runs" ADD COLUMN "start_error" varchar(32);--> statement-breakpoint
UPDATE "print_queue_runs" SET
	"reason" = CASE "reason"
		WHEN 'The machine did not take the file' THEN 'fileRefused'
		WHEN 'The machine did not start the print' THEN 'startRefused'
		WHEN 'The machine halted' THEN 'halted'
		WHEN 'The print was cancelled on the machine' THEN 'cancelledOnMachine'
		WHEN 'The print ended while the portal was not following the machine' THEN 'endedUnseen'
		ELSE 'notStarted'
	END,
	"start_error" = CASE "reason"
		WHEN 'The gateway of this machine is offline' THEN 'GATEWAY_OFFLINE'
		WHEN 'The board of this machine is offline' THEN 'BOARD_OFFLINE'
		WHEN 'The board of this machine did not answer in time' THEN 'BOARD_TIMEOUT'
		WHEN 'Remote control of this machine needs a service session accepted by its business' THEN 'SERVICE_SESSION_REQUIRED'
	END
WHERE "reason" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "print_queue_runs" ALTER COLUMN "reason" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "print_queue_runs" ADD CONSTRAINT "print_queue_runs_reason" CHECK ("print_queue_runs"."reason" in ('fileRefused', 'startRefused', 'notStarted', 'halted', 'cancelledOnMachine', 'endedUnseen'));--> statement-breakpoint
ALTER TABLE "print_queue_runs" ADD CONSTRAINT "print_queue_runs_start_error" CHECK ("print_queue_runs"."start_error" is null or "print_queue_runs"."reason" = 'notStarted');
