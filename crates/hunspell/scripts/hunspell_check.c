/* Whole-word checker: reads UTF-8 words (one a line) and prints those the
 * dictionary rejects, like `hunspell -l` but without tokenizing the line.
 * Build: cc -O2 -o hcheck hunspell_check.c -lhunspell   (libhunspell-dev)
 * Usage: hcheck /usr/share/hunspell/NAME < words */
#include <hunspell/hunspell.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: hcheck DICTBASE\n"); return 2; }
  char aff[4096], dic[4096];
  snprintf(aff, sizeof aff, "%s.aff", argv[1]);
  snprintf(dic, sizeof dic, "%s.dic", argv[1]);
  Hunhandle *h = Hunspell_create(aff, dic);
  const char *enc = Hunspell_get_dic_encoding(h);
  int utf8 = strcmp(enc, "UTF-8") == 0;
  iconv_t cd = utf8 ? (iconv_t)-1 : iconv_open(enc, "UTF-8");
  if (!utf8 && cd == (iconv_t)-1) {
    /* hunspell names like ISO8859-2 / microsoft-cp1251 */
    char e2[64];
    if (!strncmp(enc, "ISO8859-", 8)) snprintf(e2, sizeof e2, "ISO-8859-%s", enc + 8);
    else if (!strncmp(enc, "microsoft-cp", 12)) snprintf(e2, sizeof e2, "CP%s", enc + 12);
    else snprintf(e2, sizeof e2, "%s", enc);
    cd = iconv_open(e2, "UTF-8");
    if (cd == (iconv_t)-1) { fprintf(stderr, "no iconv for %s\n", enc); return 2; }
  }
  char line[8192], conv[8192];
  while (fgets(line, sizeof line, stdin)) {
    size_t n = strlen(line);
    while (n && (line[n-1] == '\n' || line[n-1] == '\r')) line[--n] = 0;
    if (!n) continue;
    const char *w = line;
    if (!utf8) {
      char *in = line, *out = conv; size_t il = n, ol = sizeof conv - 1;
      iconv(cd, NULL, NULL, NULL, NULL);
      if (iconv(cd, &in, &il, &out, &ol) == (size_t)-1) { printf("%s\t(unencodable)\n", line); continue; }
      *out = 0; w = conv;
    }
    if (!Hunspell_spell(h, w)) puts(line);
  }
  Hunspell_destroy(h);
  return 0;
}
