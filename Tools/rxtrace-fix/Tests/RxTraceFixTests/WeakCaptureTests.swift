import RxTraceFix
import Testing

/// (b) and (c): a handler kept by its owner's own bag captures the owner weakly.
@Suite struct WeakCaptureTests {
    @Test func oneUseOfSelfBecomesOptionalChaining() throws {
        let source = """
            public final class CyclicCounter {
                public private(set) var count = 0
                private let disposeBag = DisposeBag()

                public init(values: Observable<Int>) {
                    values.subscribe(onNext: { _ in self.count += 1 }).disposed(by: disposeBag)
                }
            }
            """
        let patch = try patched(source, line: 6, kind: "referenceCycle")
        #expect(
            patch.source.contains(
                "        values.subscribe(onNext: { [weak self] _ in self?.count += 1 }).disposed(by: disposeBag)\n"
            )
        )
        #expect(patch.classes == [.weakSelfCapture])
    }

    @Test func severalUsesGetAGuardOnItsOwnLineKeepingTheComment() throws {
        let source = """
            final class Screen {
                let disposeBag = DisposeBag()
                func bind() {
                    titles.drive(onNext: { titles in
                        // Both must change together.
                        self.titles = titles
                        self.reload()
                    }).disposed(by: self.disposeBag)
                }
            }
            """
        let patch = try patched(source, line: 4, kind: "referenceCycle")
        #expect(
            patch.source == """
                final class Screen {
                    let disposeBag = DisposeBag()
                    func bind() {
                        titles.drive(onNext: { [weak self] titles in
                            // Both must change together.
                            guard let self else { return }
                            self.titles = titles
                            self.reload()
                        }).disposed(by: self.disposeBag)
                    }
                }
                """
        )
    }

    @Test func aSelfUsedAsAnArgumentGetsAGuardNotAnOptional() throws {
        let source = """
            final class Screen {
                let disposeBag = DisposeBag()
                func bind() {
                    titles.subscribe(onNext: { log(self.name) }).disposed(by: disposeBag)
                }
            }
            """
        let patch = try patched(source, line: 4, kind: "referenceCycle")
        #expect(
            patch.source.contains(
                "titles.subscribe(onNext: { [weak self] in guard let self else { return }; log(self.name) })"
            )
        )
    }

    @Test func anExistingCaptureListGetsWeakSelfAddedAndAStrongSelfCaptureTurnsWeak() throws {
        let added = """
            final class Screen {
                let disposeBag = DisposeBag()
                func bind(formatter: Formatter) {
                    titles.subscribe(onNext: { [formatter] in self.title = formatter.format($0) }).disposed(by: disposeBag)
                }
            }
            """
        #expect(
            try patched(added, line: 4, kind: "referenceCycle").source.contains(
                "{ [formatter, weak self] in self?.title = formatter.format($0) }"
            )
        )
        let strong = """
            final class Screen {
                let disposeBag = DisposeBag()
                func bind() {
                    titles.subscribe(onNext: { [self] in title = $0 }).disposed(by: disposeBag)
                }
            }
            """
        #expect(
            try patched(strong, line: 4, kind: "referenceCycle").source.contains(
                "{ [weak self] in guard let self else { return }; title = $0 }"
            )
        )
    }

    @Test func methodReferencesBecomeWeakClosuresWithTheMethodsLabel() throws {
        let source = """
            final class Screen {
                private let bag = DisposeBag()
                func bind() {
                    titles.bind(onNext: show).disposed(by: bag)
                    errors.subscribe(onNext: self.handle, onCompleted: self.finish).disposed(by: bag)
                }
                func show(titles: [String]) {}
                func handle(_ error: Error) {}
                func finish() {}
            }
            """
        let first = try patched(source, line: 4, kind: "referenceCycle")
        #expect(
            first.source.contains(
                "titles.bind(onNext: { [weak self] value in self?.show(titles: value) }).disposed(by: bag)"
            )
        )
        #expect(first.classes == [.methodReferenceClosure])
        let second = try patched(source, line: 5, kind: "referenceCycle")
        #expect(
            second.source.contains(
                "errors.subscribe(onNext: { [weak self] value in self?.handle(value) }, onCompleted: { [weak self] in self?.finish() })"
            )
        )
    }

    @Test func noPatchWhenTheBagIsNotTheOwnersOrNothingCapturesSelf() {
        let otherBag = """
            final class Screen {
                let disposeBag = DisposeBag()
                func bind(to parent: Parent) {
                    titles.subscribe(onNext: { self.title = $0 }).disposed(by: parent.disposeBag)
                }
            }
            """
        #expect(
            reason(SourceFixer.fix(source: otherBag, line: 4, kind: "referenceCycle"))?.contains("parent.disposeBag")
                == true
        )
        let weakAlready = """
            final class Screen {
                let disposeBag = DisposeBag()
                func bind() {
                    titles.subscribe(onNext: { [weak self] in self?.title = $0 }).disposed(by: disposeBag)
                }
            }
            """
        #expect(reason(SourceFixer.fix(source: weakAlready, line: 4, kind: "referenceCycle")) != nil)
    }
}
