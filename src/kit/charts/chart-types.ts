/** What the reports' charts and tables draw (issue 53): one bucket of a time chart, one row of a bar list or a table. */
export interface TimeBucket {
  label: string;
  current: number;
  previous: number;
  currentText: string;
  previousText: string;
}

export interface BarRow extends Omit<TimeBucket, 'label'> {
  key: string;
  name: string;
}

export interface ReportTableRow {
  key: string;
  label: string;
  cells: string[];
}
