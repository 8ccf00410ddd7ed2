import { useMachine } from '@xstate/react'
import { formatDate } from '../../../contract/format.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { type CalendarProps, connectCalendar } from '../../../../machines/calendar.ts'
import { inspect } from '../../inspector/index.ts'
import { calendarScreen } from '../../wiring/calendar.ts'
import { Field, Select } from '../../ui/form.tsx'
import { Confirm, Modal } from '../../ui/modal.tsx'
import { PlainTable } from '../../ui/adminKit.tsx'
import { CALENDAR_LABEL, CALENDAR_TEXT } from '../../../contract/messages/calendar.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

/** /calendar (admin): non-working days of a country's year — public holidays and the operator's own — with add and delete. */
export default function CalendarView() {
  const [state, send] = useMachine(calendarScreen, { inspect })
  const p = connectCalendar(state, send)
  return (
    <section className="page" data-testid="calendar-page" data-machine="calendar" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{CALENDAR_TEXT.calendar}</h1>
        <span className="spacer" />
        <button type="button" className="btn btn-primary" data-testid="calendar-add" disabled={!p.canAdd} onClick={p.openAdd}>
          {CALENDAR_TEXT.addDayOff}
        </button>
      </div>
      {p.problem && (
        <div className="alert alert-danger" role="alert">
          {p.problem}{' '}
          <button type="button" className="btn btn-sm" onClick={p.retry}>
            {UI_TEXT.retry}
          </button>
        </div>
      )}
      <div className="card filters">
        <Select
          label={UI_TEXT.country}
          name="country"
          value={p.country}
          disabled={!p.canChooseCountry}
          options={p.countries.map((c) => ({ value: c, label: CALENDAR_LABEL.calendarCountry[c] }))}
          onChange={(v) => {
            const chosen = p.countries.find((c) => c === v)
            if (chosen) p.chooseCountry(chosen)
          }}
        />
        <Select
          label={CALENDAR_TEXT.year}
          name="year"
          value={p.year ?? ''}
          disabled={!p.canChooseYear}
          options={p.years.map((y) => ({ value: y, label: String(y) }))}
          onChange={(v) => p.chooseYear(Number(v))}
        />
      </div>
      <DaysTable {...p} />
      <AddDayModal {...p} />
      <Confirm
        open={p.confirming}
        busy={p.deleteBusy}
        message={p.deletingDay ? CALENDAR_TEXT.deleteDayConfirm(formatDate(p.deletingDay.date), p.deletingDay.name) : undefined}
        onCancel={p.cancel}
        onConfirm={p.confirm}
      />
    </section>
  )
}

function DaysTable(p: CalendarProps) {
  return (
    <PlainTable
      testId="calendar-table"
      rows={p.days}
      loading={p.loading}
      pageSize={p.days.length || 1}
      rowKey={(d) => d.id}
      emptyText={CALENDAR_TEXT.noDaysOff}
      columns={[
        { id: 'date', header: UI_TEXT.date, cell: (d) => formatDate(d.date) },
        { id: 'name', header: UI_TEXT.name, cell: (d) => d.name },
        { id: 'kind', header: CALENDAR_TEXT.kind, cell: (d) => (d.holiday ? CALENDAR_LABEL.holiday : CALENDAR_LABEL.ownDay) },
        {
          id: 'actions',
          header: <span className="sr-only">{UI_TEXT.actions}</span>,
          cell: (d) => (
            <button type="button" className="btn btn-sm btn-danger" data-testid={`calendar-delete-${d.date}`} disabled={!p.canDelete} onClick={() => p.askDelete(d)}>
              {UI_TEXT.delete}
            </button>
          ),
        },
      ]}
    />
  )
}

function AddDayModal(p: CalendarProps) {
  return (
    <Modal
      open={p.addOpen}
      onClose={p.cancel}
      title={CALENDAR_TEXT.newDayOff}
      footer={
        <>
          <button type="button" className="btn" onClick={p.cancel} disabled={p.saving}>
            {UI_TEXT.cancel}
          </button>
          <button type="submit" form="calendar-day-form" className="btn btn-primary" name="save" disabled={p.saving}>
            {p.saving ? UI_TEXT.saving : UI_TEXT.add}
          </button>
        </>
      }
    >
      <form
        id="calendar-day-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          p.submit()
        }}
      >
        <Field label={CALENDAR_TEXT.dateRequired} name="date" type="date" value={p.draft.date} errors={p.errorsOf('date')} onChange={(e) => p.change('date', e.target.value)} />
        <Field label={UI_TEXT.nameRequired} name="name" autoComplete="off" value={p.draft.name} errors={p.errorsOf('name')} onChange={(e) => p.change('name', e.target.value)} />
      </form>
    </Modal>
  )
}
