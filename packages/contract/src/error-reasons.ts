// The reasons of errors, apart from their codes: the sign-in page needs the codes only.

/**
 * Why an error happened, finer than its code: the web translates `errors.reasons.<reason>` with the
 * error's `params`, and falls back to `errors.<CODE>`. Add a reason here and a text in en.json and
 * hi.json (a test checks both).
 */
export const ERROR_REASONS = [
  // people and accounts
  'email_taken', // params: kind
  'parent_not_in_school',
  'school_draft',
  'no_school',
  'wrong_password',
  // files
  'file_too_large', // params: name?, maxMb
  'too_many_files', // params: max
  'too_many_parts',
  'not_multipart',
  'file_empty', // params: name
  'file_type', // params: name, accepted
  'file_missing', // params: field
  'quota_exceeded', // params: maxMb
  'image_unreadable', // params: name
  'pdf_active', // params: name
  // CSV import
  'csv_header', // params: columns
  'csv_too_many_rows', // params: max
  'csv_invalid', // params: detail
  'csv_no_rows',
  'csv_control_chars', // params: line, column
  'import_conflict',
  // CSV rows (import errors)
  'duplicate_in_file', // params: row
  'parent_not_found', // params: loginId
  // academics
  'session_overlap', // params: label (the other session)
  'session_label_taken', // params: label
  'session_order', // the target session must start after the class's session
  'subject_taken', // params: name
  'subject_inactive', // params: name
  'class_taken', // params: className, section
  'class_not_empty', // params: students, subjects
  'class_full', // params: limit, className, section, free
  'student_in_class', // params: name, className, section (already in a class of the session)
  'not_in_class', // params: name
  'roll_taken', // params: rollNo
  'not_a_teacher', // a teacher id that is not an active teacher of the school
  'not_a_student', // a student id that is not an active student of the school
  'subject_not_in_class', // params: name
  'same_class',
  // the school day
  'period_overlap', // params: name (the other period)
  'period_name_taken', // params: name
  'period_in_use', // a period used by a timetable or by attendance
  'periods_max', // params: max (periods a session may have)
  'not_school_day', // a timetable cell on a day the school does not work (Sunday)
  'period_is_break', // params: name (a break is never taught or marked)
  'not_a_period', // a period of another session
  'teacher_busy', // params: name, className, section, day, period (the teacher's other class at that slot)
  'duplicate_cell', // params: day, period
  'holiday_outside_session', // params: label, startDate, endDate
  'holiday_overlap', // params: title
  'attendance_holiday', // params: title
  'attendance_weekly_off',
  'attendance_future',
  'attendance_outside_session',
  'attendance_roster', // params: missing, extra (the marks must name every student of the class once)
  'not_class_teacher', // daywise attendance is marked by the class teacher
  'not_period_teacher', // periodwise attendance is marked by that period's teacher
  // staff register (issue 42)
  'staff_register_mismatch', // params: missing, extra (the marks must name every person of the date's register once)
  'on_leave_needs_leave', // on leave is written by approved leave, not by a mark
  'staff_left_before_joined', // a staff member's last day is before its first
  'qr_invalid', // a check-in code forged, too old (beyond this and the previous 30 s window) or another school's
  'already_checked_in', // params: time (one check-in a day)
  'position_needed', // the school set a campus radius: the check-in must carry the phone's position
  'checkin_not_school_day', // check-in on a holiday, weekly off or outside the session
  'leave_type_taken', // params: code
  'leave_type_inactive', // params: code
  'half_day_multi', // a half day is a one-day leave
  'half_day_not_allowed', // params: code (the type allows no half days)
  'no_working_days', // the range holds no school day
  'leave_overlap', // params: fromDate, toDate (the caller's own pending or approved leave; a child's, for leave asked by parents)
  'leave_too_old', // params: days (a parent's leave request starting more than that many days before today)
  'leave_too_far', // params: days (a parent's leave request starting more than that many days after today)
  'leave_document_needed', // params: days (a document is needed beyond that many days)
  'leave_decided', // params: status (already approved, declined or cancelled)
  'own_leave', // one's own leave is decided by another admin
  'leave_started', // an approved leave is cancelled only before its first day
  'balance_below_used', // params: used (a balance cannot be set below what is used)
  'substitute_busy', // params: name, className, section, period (teaching or covering another class then)
  'substitute_cap', // params: name, cap (the daily or weekly cap reached)
  'substitute_away', // params: name (the substitute is away that day)
  'substitute_own', // params: name (the lesson's own teacher cannot take it as an arrangement)
  'not_uncovered', // params: period, className, section (that class has no lesson in that period on that weekday)
  // fees
  'fee_type_taken', // params: name
  'fee_type_inactive', // params: name
  'class_fee_missing', // params: className, section (the class has no class fee yet)
  'fee_record_exists', // params: name (the student has a fee record in this session)
  'fee_total_negative', // params: total (the concessions exceed the fee)
  'fee_plan_exists', // the record has instalments: change the plan, not the record
  'fee_record_paid', // something is paid: a record with payments is not removed or changed
  'fee_nothing_due', // the balance is 0: no plan to make
  'emi_too_many', // params: max (more instalments than paise)
  'emi_paid', // a paid instalment is not changed (reverse its payment first)
  'emi_not_paid', // only a paid instalment is reversed
  'emi_records_differ', // instalments paid together are of one student's record
  'late_fee_none', // no late fee to waive on this instalment (none charged, waived already, or paid)
  'paid_on_future', // a payment is not dated after today
  'close_future', // the counter cannot close a day after today
  'cash_day_closed', // params: date (the cash of that day was counted and closed at the counter: no cash is dated on it)
  'counter_batch_other_student', // a counter collection's batch id belongs to another student (start a new collection)
  'student_has_fees', // a student with a fee record is not taken out of its class (remove the record first)
  'upi_not_set', // the school has no UPI id: no payment by UPI without a gateway
  'upi_claim_pending', // a UPI reference for this instalment is already waiting for the office
  'upi_claim_decided', // the UPI reference was confirmed or rejected already
  'pay_orders_too_many', // params: minutes (a payer opened too many gateway orders lately; the same instalments reuse the open one)
  'upi_reference_used', // the UPI reference (UTR) is on another pending or confirmed claim or a live payment of the school
  // registers and certificates (issue 26)
  'admission_no_taken', // another student of the school has this admission number
  'tc_exists', // params: number (the student has a transfer certificate that is not cancelled)
  'dues_outstanding', // params: amount (fees due and unpaid: a TC needs the principal's reason to override)
  'certificate_cancelled', // the certificate was cancelled already
  'tc_restore_erased', // a TC of an erased student is cancelled without restoring it
  'student_left', // the student has left the school (only a TC's re-print or a fee certificate)
  'idcards_empty', // nobody to make ID cards for (the class has no active students)
  'idcards_too_many', // params: max (cards in one batch)
  // communication
  'not_teaching', // the teacher does not teach this subject in this class
  'file_not_yours', // params: name (a class work file or a message's attachment must be the caller's own upload, not used elsewhere)
  'chat_not_related', // nobody messages outside the chat pairs (teacher–principal/admin, parent–child's teacher)
  'chat_self', // a chat is with someone else
  'push_endpoint', // a push subscription's endpoint is not a known push service
  // exams
  'exam_locked', // the exam is locked (or published): marks change only by the principal's recorded correction
  'exam_not_locked', // a correction is for a locked or published exam (a draft's marks are simply saved)
  'exam_published', // a published exam is not unlocked or changed
  'exam_incomplete', // params: classes (their names), count: marks are missing in classes to publish; publish complete classes or confirm with a reason
  'exam_not_published', // nothing to withdraw: the exam's results are not published for these classes
  'exam_has_marks', // an exam with marks is not removed
  'exams_exist', // a ready-made scheme starts a session that has no exams yet
  'exam_name_taken', // params: name (exam names are unique in a session)
  'exam_limit', // params: max (exams in one session)
  'exam_term_outside', // the term's dates lie within the exam's session
  'mark_above_max', // params: max (a mark above the subject's maximum marks)
  'max_below_marks', // params: max (a maximum below marks already entered)
  'exam_not_class_teacher', // co-scholastic grades and remarks are the class teacher's
  'student_has_marks', // a student with marks in a class is not taken out of it
  'exam_subject_not_in_class', // the subject is not taught in this class
  // operations
  'overloaded', // params: seconds (the node sheds load: try again after Retry-After)
  'not_ready', // params: failed (what does not answer: database, redis)
  // children's data rights
  'student_active', // only a former (inactive) student is erased
  'student_erased', // the student was erased already
  'confirm_name', // the name typed to confirm does not match the student's
  'consent_not_given', // there is no consent in force to withdraw
  // messages to phones
  'whatsapp_parents_only', // WhatsApp messages (and their consent) are a parent's
  'mobile_not_verified', // WhatsApp goes to a verified mobile number: verify it first
  'sms_not_configured', // the school (and the platform) have no SMS account to send from
  'code_too_soon', // a code was sent less than a minute ago
  'mobile_code_number_limit', // params: max (this number had its codes for today, whoever asked)
  'mobile_code_school_limit', // params: max (the school's codes for today are used up: the principal is told)
  'quiet_hours_empty', // quiet hours that start and end at the same minute
  'mobile_unreachable', // the provider says the number cannot receive SMS
  'sms_failed', // the provider did not take the code's SMS just now
  'code_expired', // the mobile code expired or took too many tries: ask for a new one
  'code_wrong', // the mobile code does not match
  'secrets_key_missing', // the server has no SECRETS_KEY: no provider's or gateway's secret can be stored (the operator sets it)
  'secret_required', // params: field (a new account needs its secrets; an update may leave them out)
  'secrets_unreadable', // the stored secrets cannot be opened (SECRETS_KEY changed): enter them again
  'message_no_recipients', // a message's audience has nobody in it
  'message_not_scheduled', // only a message set for later, not yet sent, can be cancelled
  'payments_not_set', // the school takes no payments online (no gateway keys)
  'payments_demo', // the demo school's keys point at nothing real
  'gateway_unavailable', // the payment gateway cannot be reached (tried again; nothing changed)
  'gateway_refused', // the payment gateway refused the call
  'payment_unverified', // Checkout's return does not carry the gateway's signature for this order
  'payment_not_online', // a refund at the gateway of a payment not made online
  'refund_too_much', // a refund above the payment
  'order_not_unmatched', // only an unmatched online payment is refunded on its own
  'webhook_untrusted', // a provider's webhook call without a valid token or signature (nothing changed)
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];
