import type { ColumnDef, RowData } from '@tanstack/react-table';

// TanStack's documented way to give columns extra settings: augment its ColumnMeta.
declare module '@tanstack/react-table' {
  // TValue is part of TanStack's declaration and must stay, even unused here.
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * The column's CSV text for a row; by default the accessor's value as text. `false` leaves a
     * data column out. Columns without an accessor (Edit, Delete) are never exported.
     */
    csv?: ((row: TData) => string) | false;
    /** The CSV header when the column's header is not plain text; the header text otherwise. */
    csvHeader?: string;
    /** 'right' for numbers: the header and cells align right and use tabular figures. */
    align?: 'left' | 'right';
    /**
     * Shown from the sm breakpoint up: on a phone the column's value is shown inside another
     * cell instead, so the row's actions fit without scrolling sideways.
     */
    fromSm?: boolean;
  }
}

/**
 * A column of a DataTable. The value type is `any` because one table mixes string, number and
 * display columns; TanStack's docs type column arrays the same way.
 */
// biome-ignore lint/suspicious/noExplicitAny: each column has its own value type (TanStack's documented pattern)
export type DataTableColumn<Row> = ColumnDef<Row, any>;
