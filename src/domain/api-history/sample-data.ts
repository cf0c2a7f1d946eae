/** The reference API's records, served when DATA_FILE is not set, in the form a data file has. */
export const SAMPLE_DATA: Readonly<Record<string, readonly unknown[]>> = {
  dogs: [
    { id: 1, name: 'Biko', birthday: '2014-05-06' },
    { id: 2, name: 'Laika', birthday: '2019-11-03' },
    { id: 3, name: 'Rex', birthday: '2021-02-28' },
    { id: 4, name: 'Hachikō', birthday: '2016-02-29' },
    { id: 5, name: 'Bobbie', birthday: '2023-08-15' },
  ],
  cats: [
    { id: 1, name: 'Tom' },
    { id: 2, name: 'Felix' },
    { id: 3, name: 'Mittens' },
  ],
};
