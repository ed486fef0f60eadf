age(peter, 7). age(ann, 11). age(pat, 8). age(tom, 5). age(mike, 11).
